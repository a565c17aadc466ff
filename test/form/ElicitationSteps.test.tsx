import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ElicitationField } from "../../src/fields/ElicitationField";
import { ElicitationSteps } from "../../src/form/ElicitationSteps";
import { useElicitationForm, type UseElicitationFormResult } from "../../src/form/useElicitationForm";
import type { ElicitFormParams } from "../../src/core/types";
import { createElicitationDraftStore } from "../../src/form/createElicitationDraftStore";
import { deMessages } from "../../src/messages/locales/de";
import { fillTemplate } from "../../src/messages/fillTemplate";
import { DEFAULT_PROTECTION_INTERVAL, guardActivation } from "../../src/ui/guardActivation";
import { useClientLayoutEffect } from "../../src/ui/useClientLayoutEffect";
import { fileInputs } from "../../src/core/request/fileInputs";
import { renderDialog } from "../renderDialog";
import { loadFormChecks } from "../../src/core/loading/loadFormChecks";

// The form's checking code, as the dialog hands it to the steps.
const checks = await loadFormChecks();

const trip: ElicitFormParams = {
  message: "Plan the trip",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Your name", maxLength: 20 },
      guests: { type: "integer", title: "Guests", minimum: 0, maximum: 5, default: 2 },
      pets: { type: "boolean", title: "Pets", default: false },
      room: { type: "string", title: "Room", oneOf: [{ const: "s", title: "Single" }, { const: "d", title: "Double" }] },
      note: { type: "string", title: "Note" },
    },
    required: ["name", "room"],
  },
};

const progress = () => screen.getByTestId("rme-step-progress");

describe("layout=\"steps\"", () => {
  it("asks one question at a time with where the person is, and Cancel and Decline on every step", async () => {
    const { user } = renderDialog(trip, { layout: "steps" });
    expect(await screen.findByLabelText(/Your name/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Guests/)).toBeNull();
    expect(progress()).toHaveTextContent("1 of 5");
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    for (const name of ["Cancel", "Decline", "Next"]) expect(screen.getByRole("button", { name })).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Your name/), "Ada");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByLabelText(/Guests/)).toHaveValue(2);
    expect(progress()).toHaveTextContent("2 of 5");
    for (const name of ["Cancel", "Decline", "Back", "Next"]) expect(screen.getByRole("button", { name })).toBeInTheDocument();
  });

  it("Next checks the step's field and stays on it, marked invalid, when it fails", async () => {
    const { user } = renderDialog(trip, { layout: "steps" });
    const name = await screen.findByLabelText(/Your name/);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("This field is required");
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(progress()).toHaveTextContent("1 of 5");
    expect(name).toHaveFocus();
  });

  it("Enter in a field is Next", async () => {
    const { user } = renderDialog(trip, { layout: "steps" });
    await user.type(await screen.findByLabelText(/Your name/), "Ada{Enter}");
    expect(await screen.findByLabelText(/Guests/)).toHaveFocus();
    expect(progress()).toHaveTextContent("2 of 5");
  });

  it("keeps answers across Back, lists every answer for review and submits them", async () => {
    const { user, onResponse } = renderDialog(trip, { layout: "steps" });
    await user.type(await screen.findByLabelText(/Your name/), "Ada{Enter}");
    await user.click(await screen.findByRole("button", { name: "Back" }));
    expect(await screen.findByLabelText(/Your name/)).toHaveValue("Ada");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Next" })); // guests: 2
    await user.click(await screen.findByRole("button", { name: "Next" })); // pets: no
    await user.click(await screen.findByRole("radio", { name: "Double" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Next" })); // note: empty

    const review = await screen.findByRole("heading", { name: "Check your answers" });
    expect(review).toHaveFocus();
    const answers = screen.getAllByRole("definition").filter((dd) => dd.classList.contains("rme-steps__value")).map((dd) => dd.textContent);
    expect(answers).toEqual(["Ada", "2", "No", "Double", "Not answered"]);
    expect(onResponse).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onResponse.mock.calls).toEqual([[{ action: "accept", content: { name: "Ada", guests: 2, pets: false, room: "d" } }]]);
  });

  it("lists a file by its name and size, as its field shows it, never its bytes: a server's default and a file the person chose", async () => {
    const attach: ElicitFormParams = {
      message: "Attach your notes and the receipt.",
      requestedSchema: {
        type: "object",
        properties: {
          notes: { type: "string", format: "uri", title: "Notes", "x-mcp-file": {}, default: "data:text/plain;name=notes.txt;base64,U0VDUkVU" },
          receipt: { type: "string", format: "uri", title: "Receipt", "x-mcp-file": { accept: [".pdf"] } },
        },
      },
    };
    const { user, onResponse } = renderDialog(attach, { layout: "steps", fileInputs, protectionInterval: 0 });
    expect(await screen.findByText("notes.txt")).toBeInTheDocument();
    const notesSize = document.querySelector(".rme-file__size")!.textContent!;
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByRole("button", { name: /Receipt.*Choose a file/ })).toBeEnabled());
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File([new Uint8Array(2048).fill(65)], "receipt.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("receipt.pdf")).toBeInTheDocument();
    const receiptSize = document.querySelector(".rme-file__size")!.textContent!;
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { name: "Check your answers" });
    const answers = [...document.querySelectorAll(".rme-steps__value")].map((value) => value.textContent);
    expect(answers).toEqual([`notes.txt (${notesSize})`, `receipt.pdf (${receiptSize})`]);
    // Neither file's bytes nor its data: URI appear anywhere in the dialog's text.
    const text = screen.getByRole("dialog").textContent!;
    for (const bytes of ["data:", "base64", "U0VDUkVU", "QUFB"]) expect(text).not.toContain(bytes);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onResponse).toHaveBeenCalledTimes(1));
    expect(onResponse.mock.calls[0]![0]).toMatchObject({ action: "accept", content: { notes: "data:text/plain;name=notes.txt;base64,U0VDUkVU" } });
  });

  it("Change on the review goes back to that question, and Next returns to the review", async () => {
    const { user } = renderDialog(trip, { layout: "steps" });
    await user.type(await screen.findByLabelText(/Your name/), "Ada{Enter}");
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Next" })); // Room is required: refused
    expect(await screen.findByText("This field is required")).toBeInTheDocument();
    expect(progress()).toHaveTextContent("4 of 5");
    await user.click(screen.getByRole("radio", { name: "Single" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { name: "Check your answers" });

    await user.click(screen.getByRole("button", { name: "Change Your name" }));
    const name = await screen.findByLabelText(/Your name/);
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, "A name far longer than twenty");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Use at most 20 characters")).toBeInTheDocument();
    expect(progress()).toHaveTextContent("1 of 5");
    await user.clear(name);
    await user.type(name, "Grace{Enter}");
    expect(await screen.findByRole("heading", { name: "Check your answers" })).toHaveFocus();
    expect(screen.getByText("Grace")).toBeInTheDocument();
  });

  it("a Submit that fails returns to the step that holds the error", async () => {
    let controller: UseElicitationFormResult | undefined;
    const onSubmit = vi.fn();
    function Harness() {
      const form = useElicitationForm(trip.requestedSchema);
      controller = form;
      return (
        <ElicitationSteps
          controller={form}
          onSubmit={onSubmit}
          fill={fillTemplate}
          checks={checks}
          protectionInterval={DEFAULT_PROTECTION_INTERVAL}
          guardActivation={guardActivation}
          useClientLayoutEffect={useClientLayoutEffect}
          renderField={(field) => <ElicitationField field={field} control={form.form.control} messages={form.messages} />}
        />
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText(/Your name/), "Ada{Enter}");
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("radio", { name: "Double" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { name: "Check your answers" });
    // The answer changed after its step was checked (a restored or programmatic value): Submit finds it.
    act(() => controller!.form.setValue("f1", "9"));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Must be 5 or less")).toBeInTheDocument();
    expect(progress()).toHaveTextContent("2 of 5");
    expect(screen.getByLabelText(/Guests/)).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("Decline and Cancel answer from a middle step; a cancelled answer is kept as a draft", async () => {
    const drafts = createElicitationDraftStore({ offerClosed: "same-context" });
    const first = renderDialog(trip, { layout: "steps", drafts });
    await first.user.type(await screen.findByLabelText(/Your name/), "Ada{Enter}");
    await first.user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(first.onResponse.mock.calls).toEqual([[{ action: "cancel" }]]);
    first.unmount();

    const second = renderDialog(trip, { layout: "steps", drafts });
    expect(await screen.findByLabelText(/Your name/)).toHaveValue("Ada");
    expect(screen.getByText("Your earlier answers to this form were restored.")).toBeInTheDocument();
    await second.user.click(screen.getByRole("button", { name: "Next" }));
    await second.user.click(await screen.findByRole("button", { name: "Decline" }));
    expect(second.onResponse.mock.calls).toEqual([[{ action: "decline" }]]);
  });

  it("auto asks one question at a time for more than five fields, all at once for fewer", async () => {
    const six: ElicitFormParams = {
      message: "Six",
      requestedSchema: {
        type: "object",
        properties: Object.fromEntries(["a", "b", "c", "d", "e", "f"].map((key) => [key, { type: "string", title: key.toUpperCase() }])),
      },
    };
    const many = renderDialog(six, { layout: "auto" });
    expect(await screen.findByTestId("rme-step-progress")).toHaveTextContent("1 of 6");
    many.unmount();
    renderDialog(trip, { layout: "auto" });
    expect(screen.getByLabelText(/Guests/)).toBeInTheDocument();
    expect(screen.queryByTestId("rme-step-progress")).toBeNull();
  });

  it("leaves a placeholder it has no value for as the host wrote it, even one named like an object's method", async () => {
    renderDialog(trip, { layout: "steps", messages: { stepProgress: "{step} of {total} {toString} {constructor}" } });
    expect(await screen.findByTestId("rme-step-progress")).toHaveTextContent(/^1 of 5 \{toString\} \{constructor\}$/);
  });

  it("speaks German through the messages object", async () => {
    renderDialog(trip, { layout: "steps", messages: deMessages, locale: "de" });
    expect(await screen.findByTestId("rme-step-progress")).toHaveTextContent("1 von 5");
    const dialog = screen.getByRole("dialog");
    for (const name of ["Abbrechen", "Ablehnen", "Weiter"]) expect(within(dialog).getByRole("button", { name })).toBeInTheDocument();
  });
});
