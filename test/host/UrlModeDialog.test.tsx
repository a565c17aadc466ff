import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderDialog } from "../renderDialog";

const accountLink = {
  mode: "url",
  message: "Sign in to link your account",
  url: "https://accounts.example.com/link?state=abc123&return=%2Fhome",
  elicitationId: "link-1",
};

describe("ElicitationDialog in URL mode", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the message, the full URL as text and the domain set apart — without fetching anything", () => {
    renderDialog(accountLink);
    const dialog = screen.getByRole("dialog", { name: /Acme Deploy/ });
    expect(dialog).toHaveTextContent("Sign in to link your account");
    expect(dialog).toHaveTextContent(accountLink.url);
    expect(screen.getByTestId("rme-url-domain")).toHaveTextContent(/^accounts\.example\.com$/);
    // Nothing that a browser would load or follow: no link, image, frame.
    expect(dialog.querySelector("a, img, iframe, link, object, embed")).toBeNull();
    expect(dialog).toHaveTextContent(/Nothing has been opened yet/);
  });

  it("opens the URL in a new window without opener or referrer only when the person chooses to, then answers accept", async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal("open", open);
    const { user, onResponse } = renderDialog(accountLink);
    expect(open).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Open accounts.example.com" }));
    expect(open).toHaveBeenCalledExactlyOnceWith(accountLink.url, "_blank", "noopener,noreferrer");
    expect(onResponse).toHaveBeenCalledExactlyOnceWith({ action: "accept" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("answers decline and cancel like form mode, and never opens the URL", async () => {
    const open = vi.fn();
    vi.stubGlobal("open", open);
    const declined = renderDialog(accountLink);
    await declined.user.click(screen.getByRole("button", { name: "Decline" }));
    expect(declined.onResponse).toHaveBeenCalledWith({ action: "decline" });
    declined.unmount();

    const cancelled = renderDialog(accountLink);
    await cancelled.user.keyboard("{Escape}");
    expect(cancelled.onResponse).toHaveBeenCalledWith({ action: "cancel" });
    expect(open).not.toHaveBeenCalled();
  });

  it("warns about a look-alike domain and names it in its real, punycode form", () => {
    renderDialog({ ...accountLink, url: "https://pаypal.com/login" }); // Cyrillic "а"
    expect(screen.getByTestId("rme-url-domain")).toHaveTextContent("xn--pypal-4ve.com");
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(/international characters .*“pаypal\.com”/);
    expect(alert).toHaveTextContent(/mixes letters from different alphabets/);
    expect(screen.getByRole("button", { name: "Open xn--pypal-4ve.com" })).toBeInTheDocument();
  });

  it("warns about plain http, but not for localhost", () => {
    const remote = renderDialog({ ...accountLink, url: "http://accounts.example.com/link" });
    expect(screen.getByRole("alert")).toHaveTextContent(/not secure \(http\)/);
    remote.unmount();
    renderDialog({ ...accountLink, url: "http://127.0.0.1:8080/callback" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows where a user@host link really goes", () => {
    renderDialog({ ...accountLink, url: "https://accounts.example.com@evil.example/" });
    expect(screen.getByTestId("rme-url-domain")).toHaveTextContent("evil.example");
    expect(screen.getByRole("alert")).toHaveTextContent(/This link goes to evil\.example/);
  });

  it("offers no way to open a non-web URL", () => {
    renderDialog({ ...accountLink, url: "javascript:alert(document.cookie)" });
    expect(screen.getByRole("alert")).toHaveTextContent(/can't be shown: .*url/);
    expect(screen.queryByRole("button", { name: /^Open/ })).toBeNull();
  });

  it("says the step is done when the server reported completion, and Close answers cancel", async () => {
    const { user, onResponse } = renderDialog(accountLink, { urlStepDone: true });
    expect(screen.getByText("Acme Deploy reports this step is done.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Open/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onResponse).toHaveBeenCalledWith({ action: "cancel" });
  });

  it("takes its strings from messages", () => {
    renderDialog(accountLink, { messages: { urlOpen: "Öffnen: {domain}", urlDestination: "Ziel:" } });
    expect(screen.getByRole("button", { name: "Öffnen: accounts.example.com" })).toBeInTheDocument();
    expect(screen.getByText("Ziel:")).toBeInTheDocument();
  });
});
