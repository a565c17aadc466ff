import type { Meta } from "@storybook/react-vite";
import { fn } from "storybook/test";
import type { ElicitationDialog } from "../src/dialog/ElicitationDialog";

/**
 * What every dialog story shares: the request and wording as controls, `onResponse` logged in the
 * Actions panel, and on docs pages each story in its own frame (a modal dialog makes the rest of
 * its page inert, so two cannot share one).
 */
export const dialogMetaDefaults = {
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
