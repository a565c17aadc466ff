// A dialog whose onResponse returns a promise that rejects: the answer was not taken, the dialog
// stays, and it says why where the person looks — on the field named, or as the form's alert.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AnswerNotSent } from "../../src/client/relay/AnswerNotSent";
import { ElicitationAnswerRefused } from "../../src/client/queue/ElicitationAnswerRefused";
import { githubUsernameTitled } from "../fixtures/seedRequests";
import { renderDialog } from "../renderDialog";

async function submitWith(rejection: unknown) {
  const { user } = renderDialog(githubUsernameTitled, { protectionInterval: 0, onResponse: () => Promise.reject(rejection) });
  await user.type(screen.getByLabelText(/GitHub Username/), "octocat");
  await user.click(screen.getByRole("button", { name: "Submit" }));
}

describe("a refused answer in a dialog of its own", () => {
  it("an error naming no field of the form (even \"__proto__\") becomes the form's alert; the dialog stays with what was typed", async () => {
    await submitWith(new ElicitationAnswerRefused([{ field: "__proto__", message: "The relay wants something else" }]));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("The relay wants something else"));
    expect(screen.getByLabelText(/GitHub Username/)).toHaveValue("octocat");
    expect(screen.getByLabelText(/GitHub Username/)).not.toHaveAttribute("aria-invalid", "true");
  });

  it("a refusal without errors, and any other failure, say so in plain words", async () => {
    await submitWith(new ElicitationAnswerRefused());
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Your answer was not accepted. Check it and try again."));
  });

  it("any other failure says the answer could not be sent, and Submit can try again", async () => {
    await submitWith(new TypeError("Failed to fetch"));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Your answer could not be sent. Try again."));
    expect(screen.getByRole("button", { name: "Submit" })).not.toHaveAttribute("aria-disabled", "true");
  });

  it("a refusal that never reached its receiver (a relay refusing the page's origin) says the answer was not sent, not that it is wrong", async () => {
    await submitWith(new AnswerNotSent([], "The relay refused this page's origin."));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Your answer could not be sent. Try again."));
    expect(screen.getByLabelText(/GitHub Username/)).toHaveValue("octocat");
  });
});
