import type { Meta } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { ElicitationDialog } from "../src/dialog/ElicitationDialog";
import { DialogPlayground } from "./DialogPlayground";

/**
 * What every dialog story shares: the dialog drawn through DialogPlayground (which shows the
 * answer and asks again), the request and wording as controls, `onResponse` logged in the Actions
 * panel, and on docs pages each story in its own frame (a modal dialog makes the rest of its page
 * inert, so two cannot share one).
 */
export const dialogMetaDefaults = {
  component: ElicitationDialog,
  render: (args) => <DialogPlayground {...args} />,
  args: { serverName: "Example Server", onResponse: fn() },
  argTypes: {
    request: { control: "object", description: "The `params` of `elicitation/create`, exactly as received." },
    messages: { control: "object" },
    locale: { control: "text" },
    dir: { control: "inline-radio", options: ["ltr", "rtl", "auto"] },
    signal: { control: false },
    fieldComponents: { control: false },
    status: { control: false },
  },
  parameters: { docs: { story: { inline: false, height: "36rem" } } },
} satisfies Partial<Meta<typeof ElicitationDialog>>;
