import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderDialog } from "../renderDialog";

// URL mode's body is a chunk of its own; here it cannot be fetched (offline, blocked).
vi.mock("../../src/dialog/UrlModeBody", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

const accountLink = {
  mode: "url",
  message: "Sign in to link your account",
  url: "https://accounts.example.com/link?state=abc123",
  elicitationId: "link-1",
};

describe("ElicitationDialog in URL mode when its body cannot load", () => {
  it("shows the address as plain text with no way to open it, and Close answers cancel", async () => {
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    const { user, onResponse } = renderDialog(accountLink);
    const dialog = screen.getByRole("dialog", { name: /Acme Deploy/ });
    expect(dialog).toHaveTextContent("Sign in to link your account");
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent(accountLink.url);
    expect(dialog.querySelector("a, img, iframe")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Open/ })).toBeNull();
    await user.click(within(notice.parentElement!).getByRole("button", { name: "Close" }));
    expect(onResponse).toHaveBeenCalledExactlyOnceWith({ action: "cancel" });
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });
});
