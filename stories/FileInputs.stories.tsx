import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { fileInputs } from "../src/core/request/fileInputs";
import { ElicitationDialog } from "../src/dialog/ElicitationDialog";
import { dialogMetaDefaults } from "./dialogMeta";

/**
 * File inputs (draft SEP-2356), drawn when the host opts in with `fileInputs` (from
 * "react-mcp-elicitation/core"): a property
 * `{ type: "string", format: "uri", "x-mcp-file": { accept, maxSize } }` becomes a picker with drag
 * and drop. The answer is the file as a data: URI; the person sees its name and size.
 */
const meta = {
  title: "Dialog/File inputs",
  ...dialogMetaDefaults,
  // The control switches between the opt-in value and false.
  argTypes: { ...dialogMetaDefaults.argTypes, fileInputs: { control: "boolean", mapping: { true: fileInputs, false: false } } },
} satisfies Meta<typeof ElicitationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const request = {
  message: "Attach the signed contract so we can countersign it.",
  requestedSchema: {
    type: "object" as const,
    properties: {
      contract: {
        type: "string",
        format: "uri",
        title: "Signed contract",
        description: "A scan or a PDF",
        "x-mcp-file": { accept: ["application/pdf", "image/*"], maxSize: 5_000_000 },
      },
      notes: {
        type: "string",
        format: "uri",
        title: "Notes for the lawyer",
        "x-mcp-file": { accept: [".txt", ".md"] },
        default: "data:text/plain;name=notes.txt;base64,U2VlIGNsYXVzZSA0Lg==",
      },
    },
    required: ["contract"],
  },
};

/** A chosen file shows its name and size; a file of the wrong type is turned down before it is read. */
export const ChooseAFile: Story = {
  args: { serverName: "Contracts", fileInputs, request },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole("dialog", { name: /Contracts/ }));
    const button = await dialog.findByRole("button", { name: /Signed contract.*Choose a file/ });
    await waitFor(() => expect(button).toBeEnabled());
    await expect(dialog.getByText("notes.txt")).toBeVisible();
    const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('[data-field="contract"] input[type="file"]')!;
    await userEvent.upload(input, new File(["%PDF-1.7 signed"], "contract-signed.pdf", { type: "application/pdf" }));
    await expect(await dialog.findByText("contract-signed.pdf")).toBeVisible();
    await expect(args.onResponse).not.toHaveBeenCalled();
  },
};

/** Without the opt-in the same property is what it always was: a URL field. */
export const WithoutTheOptIn: Story = {
  args: { serverName: "Contracts", fileInputs: false, request },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog", { name: /Contracts/ }));
    await expect(dialog.getByRole("textbox", { name: /Signed contract/ })).toHaveAttribute("type", "url");
  },
};

/** In Japanese, chosen by `locale` alone: the sizes and hints are worded by Intl. */
export const Japanese: Story = {
  args: { serverName: "契約管理", fileInputs, locale: "ja", request },
  play: async ({ canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole("dialog", { name: /契約管理 が情報の入力を求めています/ }));
    const button = await dialog.findByRole("button", { name: /Signed contract.*ファイルを選択/ });
    await waitFor(() => expect(button).toBeEnabled());
    await expect(button).toHaveAccessibleDescription(/使用できる形式: application\/pdf, image\/\* · 最大 5 MB/);
  },
};

/** A file of a type the server does not take is turned down before it is read, in plain words. */
export const WrongType: Story = {
  args: { serverName: "Contracts", fileInputs, request },
  play: async ({ canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole("dialog", { name: /Contracts/ }));
    const button = await dialog.findByRole("button", { name: /Signed contract.*Choose a file/ });
    await waitFor(() => expect(button).toBeEnabled());
    const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('[data-field="contract"] input[type="file"]')!;
    await userEvent.setup({ applyAccept: false }).upload(input, new File(["a,b"], "prices.csv", { type: "text/csv" }));
    await expect(await dialog.findByRole("alert")).toHaveTextContent("Choose a file of an accepted type (application/pdf, image/*)");
    await expect(button).toHaveAccessibleDescription(/Choose a file of an accepted type/);
  },
};
