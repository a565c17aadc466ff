import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { ElicitFormParams } from "../src/core/types";
import { ElicitationDialog } from "../src/dialog/ElicitationDialog";
import { dialogMetaDefaults } from "./dialogMeta";

/** The dialog in each state a person can meet it in. */
const meta = {
  title: "Dialog/States",
  ...dialogMetaDefaults,
} satisfies Meta<typeof ElicitationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const everyKind = {
  name: { type: "string", title: "Full name" },
  email: { type: "string", format: "email", title: "Email" },
  website: { type: "string", format: "uri", title: "Website" },
  birthday: { type: "string", format: "date", title: "Birthday" },
  age: { type: "integer", title: "Age", minimum: 0 },
  newsletter: { type: "boolean", title: "Newsletter" },
  plan: { type: "string", title: "Plan", enum: ["free", "team", "enterprise"] },
  topics: { type: "array", title: "Topics", items: { type: "string", enum: ["releases", "security", "events"] } },
} as const;

/** Nothing required, nothing pre-filled: every input starts empty, unchecked, unchosen. */
export const Empty: Story = {
  args: {
    request: { message: "Anything you would like to tell us? Every field is optional.", requestedSchema: { type: "object", properties: everyKind } },
  },
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole("dialog");
    await expect(within(dialog).getByRole("textbox", { name: "Full name" })).toHaveValue("");
    await expect(within(dialog).getByRole("checkbox", { name: "Newsletter" })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    // Optional fields left empty are omitted; a checkbox sends what it shows. The first submit
    // of a page may wait for the validation engine to arrive.
    await waitFor(() => expect(args.onResponse).toHaveBeenCalledWith({ action: "accept", content: { newsletter: false } }), { timeout: 10_000 });
  },
};

/** Every kind pre-filled, falsy defaults (`""`, `0`, `false`) included. */
export const Defaults: Story = {
  args: {
    request: {
      message: "We filled in what we know; change anything that is wrong.",
      requestedSchema: {
        type: "object",
        properties: {
          name: { ...everyKind.name, default: "Ada Lovelace" },
          nickname: { type: "string", title: "Nickname", default: "" },
          email: { ...everyKind.email, default: "ada@example.com" },
          birthday: { ...everyKind.birthday, default: "1815-12-10" },
          meeting: { type: "string", format: "date-time", title: "Meeting", default: "2025-01-01T12:00:00Z" },
          age: { ...everyKind.age, default: 0 },
          newsletter: { ...everyKind.newsletter, default: false },
          beta: { type: "boolean", title: "Beta features", default: true },
          plan: { ...everyKind.plan, default: "team" },
          topics: { ...everyKind.topics, default: ["security"] },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole("dialog");
    await expect(within(dialog).getByRole("spinbutton", { name: "Age" })).toHaveValue(0);
    await expect(within(dialog).getByRole("checkbox", { name: "Beta features" })).toBeChecked();
    await expect(within(dialog).getByRole("radio", { name: "team" })).toBeChecked();
    await expect(within(dialog).getByRole("checkbox", { name: "security" })).toBeChecked();
  },
};

/** After a failed submit: every error in plain words, announced, linked; focus on the first. */
export const ErrorsShown: Story = {
  args: {
    request: {
      message: "Please provide your contact information",
      requestedSchema: {
        type: "object",
        properties: {
          name: { type: "string", title: "Name", minLength: 2 },
          email: { type: "string", format: "email", title: "Email" },
          age: { type: "number", title: "Age", minimum: 18 },
          delivery: { type: "string", title: "Delivery", oneOf: [{ const: "std", title: "Standard" }, { const: "exp", title: "Express" }] },
          topics: { ...everyKind.topics, minItems: 1 },
        },
        required: ["name", "email", "delivery", "topics"],
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await userEvent.type(dialog.getByRole("textbox", { name: /Email/ }), "not-an-email");
    await userEvent.type(dialog.getByRole("spinbutton", { name: "Age" }), "16");
    await userEvent.click(dialog.getByRole("button", { name: "Submit" }));
    const name = dialog.getByRole("textbox", { name: /Name/ });
    await waitFor(() => expect(name).toHaveFocus());
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("This field is required");
    await expect(dialog.getByRole("textbox", { name: /Email/ })).toHaveAccessibleDescription("Enter a valid email address");
    await expect(dialog.getByRole("spinbutton", { name: "Age" })).toHaveAccessibleDescription("Must be 18 or more");
    await expect(dialog.getByRole("radiogroup", { name: /Delivery/ })).toHaveAccessibleDescription("This field is required");
    await expect(dialog.getAllByRole("alert")).toHaveLength(5);
    // Typed input is never lost.
    await expect(dialog.getByRole("textbox", { name: /Email/ })).toHaveValue("not-an-email");
    await expect(args.onResponse).not.toHaveBeenCalled();
  },
};

const longMessage = [
  "Before we deploy, we need to confirm a few details about the production database.",
  "",
  "The migration will add three columns to the orders table, rebuild two indexes and backfill roughly 4.2 million rows. While it runs, writes to orders are queued; reads are unaffected. Expect 10 to 15 minutes.",
  "",
  "If anything looks wrong, decline and nothing will change. A very long token follows to show that unbroken text wraps instead of widening the dialog: postgres://deploy-bot@db-primary-eu-west-1.internal.example.com:5432/orders_production_replica_candidate_2025",
].join("\n");

/** A long message keeps its line breaks and wraps long words; the dialog scrolls, never overflows. */
export const LongMessage: Story = {
  args: {
    request: {
      message: longMessage,
      requestedSchema: { type: "object", properties: { confirm: { type: "boolean", title: "I have read the above" } }, required: ["confirm"] },
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole("dialog");
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
    const message = within(dialog).getByText(/4\.2 million rows/);
    await expect(message).toHaveClass("rme-dialog__message");
    await expect(getComputedStyle(message).whiteSpace).toBe("pre-wrap");
  },
};

const countries = Array.from({ length: 120 }, (_, i) => ({ const: `c${i}`, title: `Country number ${i + 1}` }));
const labels = Array.from({ length: 30 }, (_, i) => `label-${String(i + 1).padStart(2, "0")}`);

/** 120 titled choices become a select; 30 multi-select options stay checkboxes in a scrolling dialog. */
export const LongOptionLists: Story = {
  args: {
    request: {
      message: "Where should we ship, and how should we tag the order?",
      requestedSchema: {
        type: "object",
        properties: {
          country: { type: "string", title: "Country", oneOf: countries },
          tags: { type: "array", title: "Tags", items: { type: "string", enum: labels }, maxItems: 5 },
        },
        required: ["country"],
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await userEvent.selectOptions(dialog.getByRole("combobox", { name: /Country/ }), "Country number 88");
    await userEvent.click(dialog.getByRole("checkbox", { name: "label-30" }));
    await userEvent.click(dialog.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(args.onResponse).toHaveBeenCalledWith({ action: "accept", content: { country: "c87", tags: ["label-30"] } }));
  },
};

const fifty: ElicitFormParams["requestedSchema"] = {
  type: "object",
  properties: Object.fromEntries(
    Array.from({ length: 50 }, (_, i) => {
      const n = i + 1;
      const kind = i % 5;
      const property =
        kind === 0
          ? { type: "string", title: `Text field ${n}` }
          : kind === 1
            ? { type: "integer", title: `Number field ${n}`, minimum: 0 }
            : kind === 2
              ? { type: "boolean", title: `Checkbox ${n}` }
              : kind === 3
                ? { type: "string", title: `Choice ${n}`, enum: ["a", "b", "c"] }
                : { type: "string", format: "email", title: `Email field ${n}` };
      return [`field${n}`, property];
    }),
  ),
  required: ["field1", "field50"],
} as ElicitFormParams["requestedSchema"];

/** Fifty fields: the dialog scrolls, and a failed submit brings the first invalid one into view. */
export const FiftyFields: Story = {
  args: { request: { message: "A long questionnaire.", requestedSchema: fifty } },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    // Three options each: radios, whether required or not. Fields past the window's bottom edge are
    // drawn just after the first paint.
    await waitFor(() => expect(dialog.getAllByRole("radiogroup")).toHaveLength(10));
    await userEvent.type(dialog.getByRole("textbox", { name: /Text field 1\b/ }), "first");
    await userEvent.click(dialog.getByRole("button", { name: "Submit" }));
    const last = dialog.getByRole("textbox", { name: /Email field 50/ });
    await waitFor(() => expect(last).toHaveFocus());
    await expect(last).toHaveAccessibleDescription("This field is required");
  },
};

/** A request that breaks the rules (a nested object): the reason, and Close, which answers cancel. */
export const InvalidRequest: Story = {
  args: {
    request: {
      message: "This schema nests an object, which elicitation does not allow.",
      requestedSchema: { type: "object", properties: { address: { type: "object", properties: { street: { type: "string" } } } } },
    } as unknown as ElicitFormParams,
  },
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await expect(dialog.getByRole("alert")).toHaveTextContent("requestedSchema.properties.address");
    await userEvent.click(dialog.getByRole("button", { name: "Close" }));
    await expect(args.onResponse).toHaveBeenCalledWith({ action: "cancel" });
  },
};

/** A form that asks for something servers must not ask for in form mode: a warning beside the field. */
export const SensitiveFieldWarning: Story = {
  args: {
    request: {
      message: "Log in to continue.",
      requestedSchema: {
        type: "object",
        properties: { username: { type: "string", title: "Username" }, password: { type: "string", title: "Password" } },
        required: ["username", "password"],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement.ownerDocument.body).getByRole("dialog")).toHaveTextContent(/This looks like a password/);
  },
};
