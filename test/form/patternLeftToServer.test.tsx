// A page whose policy lets no worker start (a nonce-only Content-Security-Policy): the form checks
// every pattern RE2 can read, and says beside the other fields, as they are drawn, that the server
// checks their format — not when they lose focus, not when Submit already sent the answer.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

// Set as this file is collected, before the setup preloads the library's pattern checker: every way
// of starting a worker is refused here.
vi.stubGlobal(
  "Worker",
  class {
    constructor() {
      throw new DOMException("Refused to create a worker", "SecurityError");
    }
  },
);

const schema = {
  type: "object",
  properties: {
    year: { type: "string", title: "Year", pattern: "^[0-9]{4}$" },
    words: { type: "string", title: "Words", pattern: "^(\\w+\\s?)*$" },
    code: { type: "string", title: "Code", pattern: "^(?=.*[0-9])[a-z0-9]{4}$" },
  },
};

describe("patterns on a page where no worker can start", () => {
  it("says under the one field RE2 cannot read, from the start, that the server checks it", async () => {
    const { ElicitationForm } = await import("../../src/form/ElicitationForm");
    render(<ElicitationForm schema={schema} onSubmit={vi.fn()} />);
    const note = await screen.findByRole("note");
    expect(note).toHaveTextContent("The format of “Code” will be checked by the server when you submit.");
    // Right after the Code field, before anything was typed or focused.
    expect(note.previousElementSibling).toHaveAttribute("data-field", "code");
    expect(screen.getAllByRole("note")).toHaveLength(1);
  });

  it("shows the error for \"12x\" against ^[0-9]{4}$ and for the catastrophic example, and sends nothing", async () => {
    const { ElicitationForm } = await import("../../src/form/ElicitationForm");
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ElicitationForm schema={schema} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Year"), "12x");
    const words = screen.getByLabelText("Words");
    // A paste, as 10,000 typed characters would take too long here.
    await user.click(words);
    await user.paste("word ".repeat(2_000) + "!");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const field = (key: string) => document.querySelector(`[data-field="${key}"]`) as HTMLElement;
    await waitFor(() => expect(within(field("year")).getByRole("alert")).toHaveTextContent("Doesn't match the expected format"));
    expect(within(field("words")).getByRole("alert")).toHaveTextContent("Doesn't match the expected format");
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText("Year"));
    await user.type(screen.getByLabelText("Year"), "2025");
    await user.clear(words);
    await user.type(words, "two words");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ year: "2025", words: "two words" }));
  });
});
