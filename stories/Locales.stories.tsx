import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { ElicitationDialog } from "../src/dialog/ElicitationDialog";
import { deMessages } from "../src/messages/locales/de";
import { dialogMetaDefaults } from "./dialogMeta";
import { arMessages } from "./locales/ar";

/**
 * Every string comes from `messages`; `locale` sets `lang` (native number and date inputs take it
 * as their hint) and `dir` mirrors the layout.
 */
const meta = {
  title: "Dialog/Locales",
  ...dialogMetaDefaults,
} satisfies Meta<typeof ElicitationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** German, shipped as `deMessages`: buttons, markers and validation messages, numbers as 1.000,5. */
export const German: Story = {
  args: {
    serverName: "Reiseplaner",
    locale: "de",
    messages: deMessages,
    request: {
      message: "Für die Buchung brauchen wir noch ein paar Angaben.",
      requestedSchema: {
        type: "object",
        properties: {
          name: { type: "string", title: "Name", minLength: 2 },
          email: { type: "string", format: "email", title: "E-Mail" },
          budget: { type: "number", title: "Budget (€)", minimum: 1000.5 },
          departure: { type: "string", format: "date", title: "Abreise" },
          seat: { type: "string", title: "Sitzplatz", oneOf: [{ const: "window", title: "Fenster" }, { const: "aisle", title: "Gang" }] },
          insurance: { type: "boolean", title: "Reiseversicherung" },
        },
        required: ["name", "email", "seat"],
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog", { name: /Reiseplaner bittet um Angaben/ }));
    await userEvent.type(dialog.getByRole("spinbutton", { name: /Budget/ }), "50");
    await userEvent.click(dialog.getByRole("button", { name: "Absenden" }));
    await waitFor(() => expect(dialog.getByRole("textbox", { name: /Name/ })).toHaveFocus());
    await expect(dialog.getByRole("textbox", { name: /Name/ })).toHaveAccessibleDescription("Dieses Feld ist erforderlich");
    await expect(dialog.getByRole("spinbutton", { name: /Budget/ })).toHaveAccessibleDescription("Muss mindestens 1.000,5 sein");
    await expect(args.onResponse).not.toHaveBeenCalled();
  },
};

/** Arabic, right to left: the whole dialog mirrors; labels, boxes and buttons start on the right. */
export const ArabicRightToLeft: Story = {
  args: {
    serverName: "متجر الكتب",
    locale: "ar",
    dir: "rtl",
    messages: arMessages,
    request: {
      message: "نحتاج إلى بعض التفاصيل لإتمام طلبك.",
      requestedSchema: {
        type: "object",
        properties: {
          name: { type: "string", title: "الاسم الكامل", minLength: 2 },
          email: { type: "string", format: "email", title: "البريد الإلكتروني" },
          copies: { type: "integer", title: "عدد النسخ", minimum: 1, maximum: 10, default: 1 },
          delivery: {
            type: "string",
            title: "طريقة التوصيل",
            oneOf: [
              { const: "standard", title: "عادي" },
              { const: "express", title: "سريع" },
            ],
          },
          gift: { type: "boolean", title: "تغليف كهدية", description: "يُضاف غلاف ورقي وبطاقة." },
        },
        required: ["name", "email", "delivery"],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const dialogElement = within(canvasElement.ownerDocument.body).getByRole("dialog");
    await expect(dialogElement).toHaveAttribute("dir", "rtl");
    await expect(dialogElement).toHaveAttribute("lang", "ar");
    const dialog = within(dialogElement);
    const submit = dialog.getByRole("button", { name: "إرسال" }).getBoundingClientRect();
    const cancel = dialog.getByRole("button", { name: "إلغاء" }).getBoundingClientRect();
    await expect(submit.left).toBeLessThan(cancel.left);
  },
};

/** The Arabic form after a failed submit: errors in Arabic, numbers in Arabic-Indic digits. */
export const ArabicErrors: Story = {
  args: { ...ArabicRightToLeft.args },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    const copies = dialog.getByRole("spinbutton", { name: /عدد النسخ/ });
    await userEvent.clear(copies);
    await userEvent.type(copies, "12");
    await userEvent.click(dialog.getByRole("button", { name: "إرسال" }));
    await waitFor(() => expect(dialog.getAllByRole("alert").length).toBeGreaterThan(0));
    await expect(dialog.getByRole("textbox", { name: /الاسم الكامل/ })).toHaveAccessibleDescription("هذا الحقل مطلوب");
    await expect(copies).toHaveAccessibleDescription("يجب أن تكون القيمة ١٠ أو أقل");
  },
};

/** A host replaces only what it wants: here the three buttons; everything else stays English. */
export const PartialOverride: Story = {
  args: {
    request: {
      message: "Share your build settings?",
      requestedSchema: { type: "object", properties: { cache: { type: "boolean", title: "Use the build cache" } } },
    },
    messages: { submit: "Share settings", decline: "Don't share", cancel: "Not now", validation: { required: () => "Please fill this in" } },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    for (const name of ["Share settings", "Don't share", "Not now"]) await expect(dialog.getByRole("button", { name })).toBeInTheDocument();
    await expect(dialog.getByRole("heading")).toHaveTextContent("Example Server is asking for information");
  },
};
