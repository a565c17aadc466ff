import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { validateElicitationContent } from "../../src/core/validation/validateElicitationContent";
import * as seeds from "../fixtures/seedRequests";
import { renderDialog } from "../renderDialog";

type View = ReturnType<typeof renderDialog>;

async function submitted(view: View, schema: unknown) {
  await view.user.click(screen.getByRole("button", { name: "Submit" }));
  expect(view.onResponse).toHaveBeenCalledTimes(1);
  const result = view.onResponse.mock.calls[0]![0] as { action: string; content: Record<string, unknown> };
  expect(result.action).toBe("accept");
  // What a server re-validating the answer would see.
  expect(validateElicitationContent(schema, result.content)).toEqual({ valid: true, content: result.content });
  return result.content;
}

describe("the worked examples of the seed documents", () => {
  it("GitHub username (spec draft)", async () => {
    const view = renderDialog(seeds.githubUsername);
    expect(screen.getByText("Please provide your GitHub username")).toBeInTheDocument();
    await view.user.type(screen.getByRole("textbox", { name: /Name/ }), "octocat");
    expect(await submitted(view, seeds.githubUsername.requestedSchema)).toEqual({ name: "octocat" });
  });

  it("GitHub username (titled, 2025-06-18)", async () => {
    const view = renderDialog(seeds.githubUsernameTitled);
    await view.user.type(screen.getByRole("textbox", { name: /GitHub Username/ }), "octocat");
    expect(await submitted(view, seeds.githubUsernameTitled.requestedSchema)).toEqual({ username: "octocat" });
  });

  it("contact information", async () => {
    const view = renderDialog(seeds.contactInfo);
    await view.user.type(screen.getByLabelText(/^Name/), "Monalisa Octocat");
    await view.user.type(screen.getByLabelText(/^Email/), "monalisa@example.com");
    await view.user.type(screen.getByLabelText(/^Age/), "30");
    expect(await submitted(view, seeds.contactInfo.requestedSchema)).toEqual({
      name: "Monalisa Octocat",
      email: "monalisa@example.com",
      age: 30,
    });
  });

  it("development configuration: defaults pre-filled, editor chosen", async () => {
    const view = renderDialog(seeds.developmentConfiguration);
    expect(screen.getByLabelText(/Development Port/)).toHaveValue(3000);
    expect(screen.getByRole("checkbox", { name: "Enable Hot Reload" })).toBeChecked();
    await view.user.click(screen.getByRole("radio", { name: "VS Code" }));
    expect(await submitted(view, seeds.developmentConfiguration.requestedSchema)).toEqual({
      editor: "vscode",
      port: 3000,
      enableHotReload: true,
    });
  });

  it("project setup wizard", async () => {
    const view = renderDialog(seeds.projectSetupWizard);
    await view.user.type(screen.getByLabelText(/Project Name/), "my-awesome-app");
    await view.user.click(screen.getByRole("radio", { name: "React" }));
    await view.user.click(within(screen.getByRole("radiogroup", { name: "License" })).getByRole("radio", { name: "MIT" }));
    expect(await submitted(view, seeds.projectSetupWizard.requestedSchema)).toEqual({
      projectName: "my-awesome-app",
      framework: "react",
      typescript: true,
      license: "mit",
    });
  });

  it("user preferences: nothing required, unticked notifications sent as false", async () => {
    const view = renderDialog(seeds.userPreferences);
    await view.user.click(screen.getByRole("radio", { name: "Auto (system)" }));
    expect(await submitted(view, seeds.userPreferences.requestedSchema)).toEqual({
      notifications: false,
      theme: "auto",
      maxFileSize: 10,
    });
  });

  it("bank transfer: the 10-digit account pattern is enforced", async () => {
    const view = renderDialog(seeds.bankTransfer);
    const account = screen.getByLabelText(/Recipient account/);
    await view.user.type(screen.getByLabelText(/^Amount/), "1500.75");
    await view.user.type(account, "12345");
    await view.user.click(screen.getByRole("button", { name: "Submit" }));
    expect(view.onResponse).not.toHaveBeenCalled();
    expect(account).toHaveFocus();
    expect(account).toHaveAccessibleDescription(/Doesn't match the expected format/);
    await view.user.type(account, "67890");
    await view.user.click(within(screen.getByRole("radiogroup", { name: "Priority" })).getByRole("radio", { name: "Express" }));
    expect(await submitted(view, seeds.bankTransfer.requestedSchema)).toEqual({
      amount: 1500.75,
      recipient_account: "1234567890",
      priority: "exp",
    });
  });

  it("shipping address change, stage 1: tracking number", async () => {
    const view = renderDialog(seeds.shippingTrackingNumber);
    await view.user.type(screen.getByLabelText(/Tracking Number/), "ABC12345678");
    expect(await submitted(view, seeds.shippingTrackingNumber.requestedSchema)).toEqual({ trackingNumber: "ABC12345678" });
  });

  it("shipping address change, stage 2: new address", async () => {
    const view = renderDialog(seeds.shippingNewAddress);
    await view.user.type(screen.getByLabelText(/Street Address/), "1 Infinite Loop");
    await view.user.type(screen.getByLabelText(/City/), "Cupertino");
    await view.user.type(screen.getByLabelText(/ZIP Code/), "95014-2083");
    await view.user.click(screen.getByRole("radio", { name: "United States" }));
    expect(await submitted(view, seeds.shippingNewAddress.requestedSchema)).toEqual({
      street: "1 Infinite Loop",
      city: "Cupertino",
      zipCode: "95014-2083",
      country: "US",
    });
  });

  it("shipping address change, stage 3: confirmation", async () => {
    const view = renderDialog(seeds.shippingConfirm);
    await view.user.click(screen.getByRole("checkbox", { name: /Confirm Address Change/ }));
    expect(await submitted(view, seeds.shippingConfirm.requestedSchema)).toEqual({ confirmed: true });
  });

  it("cloud database deployment", async () => {
    const view = renderDialog(seeds.cloudDatabase);
    expect(screen.getByLabelText(/Backup retention days/)).toHaveValue(7);
    await view.user.click(screen.getByRole("radio", { name: "eu-west-1" }));
    await view.user.type(screen.getByLabelText(/Database Instance Type/), "db.t3.micro");
    expect(await submitted(view, seeds.cloudDatabase.requestedSchema)).toEqual({
      region: "eu-west-1",
      instanceType: "db.t3.micro",
      backupRetentionDays: 7,
    });
  });
});
