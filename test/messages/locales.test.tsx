import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { defaultValidationMessages } from "../../src/core/validation/validationMessages";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { defaultMessages } from "../../src/messages/defaultMessages";
import { defaultUrlMessages } from "../../src/messages/urlMessages";
import { deMessages } from "../../src/messages/locales/de";
import { contactInfo } from "../fixtures/seedRequests";

// URL mode's body words its own English defaults (they load with it); German words them too.
const english = { ...defaultMessages, ...defaultUrlMessages };

describe("German locale", () => {
  it("words every string the English default words, and every validation rule", () => {
    for (const key of Object.keys(english) as (keyof typeof english)[]) {
      if (key === "validation") continue;
      expect(deMessages[key], key).toEqual(expect.any(String));
      expect((deMessages[key] as string).trim(), key).not.toBe("");
    }
    for (const code of Object.keys(defaultValidationMessages)) {
      expect(deMessages.validation, code).toHaveProperty(code);
    }
  });

  it("keeps every placeholder of the English template", () => {
    for (const key of Object.keys(english) as (keyof typeof english)[]) {
      if (key === "validation") continue;
      const placeholders = (english[key] as string).match(/\{\w+\}/g) ?? [];
      for (const placeholder of placeholders) expect(deMessages[key], key).toContain(placeholder);
    }
  });

  it("draws the dialog in German, errors included, with numbers in German notation", async () => {
    const user = userEvent.setup();
    const onResponse = vi.fn();
    render(
      <ElicitationDialog
        serverName="Kontakt-Server"
        request={{
          message: "Ihre Angaben",
          requestedSchema: {
            ...contactInfo.requestedSchema,
            properties: { ...contactInfo.requestedSchema.properties, age: { type: "number", minimum: 18.5, description: "Alter" } },
          },
        }}
        onResponse={onResponse}
        messages={deMessages}
        locale="de"
      />,
    );
    expect(await screen.findByRole("dialog", { name: /Kontakt-Server bittet um Angaben/ })).toHaveAttribute("lang", "de");
    expect(screen.getByText("Mit * markierte Felder sind erforderlich.")).toBeVisible();
    await user.type(screen.getByRole("spinbutton"), "3");
    await user.click(screen.getByRole("button", { name: "Absenden" }));
    await waitFor(() => expect(screen.getAllByRole("alert").length).toBeGreaterThan(0));
    expect(screen.getAllByText("Dieses Feld ist erforderlich")).toHaveLength(2);
    expect(screen.getByText("Muss mindestens 18,5 sein")).toBeVisible();
    for (const name of ["Abbrechen", "Ablehnen"]) expect(screen.getByRole("button", { name })).toBeVisible();
    expect(onResponse).not.toHaveBeenCalled();
  });

  it("lets a host replace one string and keep the rest", () => {
    render(
      <ElicitationDialog
        serverName="S"
        request={contactInfo}
        onResponse={vi.fn()}
        messages={{ ...deMessages, submit: "Senden" }}
      />,
    );
    expect(screen.getByRole("button", { name: "Senden" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Ablehnen" })).toBeVisible();
  });
});
