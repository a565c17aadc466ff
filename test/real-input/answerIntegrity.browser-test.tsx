// In Chromium with real key presses: text a number input cannot read is refused in words instead
// of being sent as "not answered", and emoji under maxLength are neither cut nor refused.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import type { ElicitFormParams, ElicitResult } from "../../src/core/types";
import { readDialog } from "./readDialog";

afterEach(() => cleanup());

async function show(request: ElicitFormParams) {
  const onResponse = vi.fn<(result: ElicitResult) => void>();
  render(<ElicitationDialog serverName="Acme" request={request} onResponse={onResponse} />);
  await readDialog();
  return onResponse;
}

const optionalNumber: ElicitFormParams = {
  message: "How much?",
  requestedSchema: { type: "object", properties: { amount: { type: "number", title: "Amount" } } },
};

describe("answer integrity in Chromium", () => {
  it.each(["1e999", "--5", "12e"])("typing %s into an optional number field is refused, not sent empty", async (typed) => {
    const onResponse = await show(optionalNumber);
    const input = screen.getByLabelText("Amount") as HTMLInputElement;
    await userEvent.type(input, typed);
    // What the browser makes of it: an empty value it flags as unreadable (1e999 overflows).
    if (typed !== "1e999") expect(input.validity.badInput).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(input).toHaveAttribute("aria-invalid", "true"));
    expect(input).toHaveAccessibleDescription(/Enter a number|Must be 9007199254740991 or less/);
    expect(onResponse).not.toHaveBeenCalled();
  });

  it("three emoji under maxLength 3 are kept whole and sent", async () => {
    const onResponse = await show({
      message: "Mood?",
      requestedSchema: { type: "object", properties: { mood: { type: "string", title: "Mood", maxLength: 3 } } },
    });
    const input = screen.getByLabelText("Mood") as HTMLInputElement;
    await userEvent.fill(input, "😀😀😀");
    expect(input.value).toBe("😀😀😀");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { mood: "😀😀😀" } }));
  });
});
