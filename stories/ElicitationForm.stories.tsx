import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { ElicitationForm } from "../src/form/ElicitationForm";
import { developmentConfiguration, projectSetupWizard } from "../test/fixtures/seedRequests";

/** The same fields inline, for hosts that draw their own chrome. */
const meta = {
  title: "Form/ElicitationForm",
  component: ElicitationForm,
  args: { onSubmit: fn() },
  argTypes: { schema: { control: "object" } },
} satisfies Meta<typeof ElicitationForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inline: Story = { args: { schema: developmentConfiguration.requestedSchema } };
export const InlineWizard: Story = { args: { schema: projectSetupWizard.requestedSchema } };
