import type { Meta, StoryObj } from "@storybook/react-vite";
import { ElicitationDialog } from "../src/dialog/ElicitationDialog";
import { dialogMetaDefaults } from "./dialogMeta";

/** One story per field kind: edit `request` in Controls to try any schema. */
const meta = {
  title: "Fields/Kinds",
  ...dialogMetaDefaults,
} satisfies Meta<typeof ElicitationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

function one(property: Record<string, unknown>, required = false) {
  return {
    message: "Please fill in this field.",
    requestedSchema: { type: "object" as const, properties: { value: property }, required: required ? ["value"] : [] },
  };
}

export const Text: Story = {
  args: { request: one({ type: "string", title: "Username", description: "3 to 20 letters", minLength: 3, maxLength: 20 }, true) },
};
export const TextWithPattern: Story = {
  args: { request: one({ type: "string", title: "Tracking number", pattern: "^[A-Z]{3}[0-9]{8}$", description: "Like ABC12345678" }, true) },
};
export const LongText: Story = {
  args: { request: one({ type: "string", title: "Description", maxLength: 500, description: "Brief project description" }) },
};
export const Email: Story = { args: { request: one({ type: "string", format: "email", title: "Email address" }, true) } };
export const Uri: Story = { args: { request: one({ type: "string", format: "uri", title: "Website" }) } };
export const DateOnly: Story = { args: { request: one({ type: "string", format: "date", title: "Birth date" }) } };
export const DateTime: Story = {
  args: { request: one({ type: "string", format: "date-time", title: "Appointment", default: "2025-01-01T12:00:00Z" }) },
};
export const NumberDecimal: Story = {
  args: { request: one({ type: "number", title: "Temperature (°C)", minimum: -273.15, maximum: 1000 }) },
};
export const Integer: Story = {
  args: { request: one({ type: "integer", title: "Quantity", minimum: 1, maximum: 99, default: 1 }, true) },
};
export const Checkbox: Story = {
  args: { request: one({ type: "boolean", title: "Subscribe to newsletter", description: "Receive project updates via email", default: false }) },
};
export const SingleSelectUntitled: Story = {
  args: { request: one({ type: "string", title: "Priority", enum: ["low", "medium", "high"] }, true) },
};
export const SingleSelectLegacyEnumNames: Story = {
  args: {
    request: one({ type: "string", title: "Priority", enum: ["low", "medium", "high"], enumNames: ["Low priority", "Medium priority", "High priority"] }, true),
  },
};
export const SingleSelectTitledOneOf: Story = {
  args: {
    request: one({
      type: "string",
      title: "Region",
      oneOf: [
        { const: "eu-west-1", title: "Europe (Ireland)" },
        { const: "us-east-1", title: "US East (N. Virginia)" },
      ],
      default: "eu-west-1",
    }),
  },
};
export const MultiSelectUntitled: Story = {
  args: {
    request: one({ type: "array", title: "Languages", minItems: 1, maxItems: 2, items: { type: "string", enum: ["TypeScript", "Rust", "Go"] } }, true),
  },
};
export const MultiSelectTitled: Story = {
  args: {
    request: one({
      type: "array",
      title: "Notify me about",
      items: { anyOf: [{ const: "deploys", title: "Deployments" }, { const: "alerts", title: "Alerts" }, { const: "billing", title: "Billing" }] },
      default: ["alerts"],
    }),
  },
};
export const TextWithDefault: Story = {
  args: { request: one({ type: "string", title: "Display name", default: "octocat" }) },
};
export const TextEmptyDefault: Story = {
  args: { request: one({ type: "string", title: "Middle name", default: "" }) },
};
export const EmailWithLengthLimits: Story = {
  args: { request: one({ type: "string", format: "email", title: "Work email", minLength: 6, maxLength: 64, default: "me@example.com" }, true) },
};
export const NumberZeroDefault: Story = {
  args: { request: one({ type: "number", title: "Discount (%)", minimum: 0, maximum: 100, default: 0 }) },
};
export const CheckboxRequired: Story = {
  args: { request: one({ type: "boolean", title: "I accept the terms", default: true }, true) },
};
export const SingleSelectOptionalAsSelect: Story = {
  args: { request: one({ type: "string", title: "Priority", enum: ["low", "medium", "high"], default: "medium" }) },
};
export const SingleSelectManyOptionsAsSelect: Story = {
  args: {
    request: one({ type: "string", title: "Time zone", enum: ["UTC", "Europe/Paris", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney"] }, true),
  },
};
export const MultiSelectWithLimits: Story = {
  args: {
    request: one({ type: "array", title: "Pick two", minItems: 2, maxItems: 2, items: { type: "string", enum: ["Red", "Green", "Blue", "Yellow"] }, default: ["Red", "Blue"] }, true),
  },
};
