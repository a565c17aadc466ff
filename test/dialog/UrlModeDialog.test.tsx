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

  it("shows the message, the full URL as text and the domain set apart — without fetching anything", async () => {
    renderDialog(accountLink);
    const dialog = screen.getByRole("dialog", { name: /Acme Deploy/ });
    expect(dialog).toHaveTextContent("Sign in to link your account");
    // URL mode's body arrives in a chunk of its own, a moment after the header and the message.
    expect(await screen.findByTestId("rme-url-domain")).toBeInTheDocument();
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
    await user.click(await screen.findByRole("button", { name: "Open example.com" }));
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

  it("warns about a look-alike domain and names it in its real, punycode form", async () => {
    renderDialog({ ...accountLink, url: "https://pаypal.com/login" }); // Cyrillic "а"
    expect(screen.getByTestId("rme-url-domain")).toHaveTextContent("xn--pypal-4ve.com");
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(/international characters .*“pаypal\.com”/);
    expect(alert).toHaveTextContent(/mixes letters from different alphabets/);
    expect(await screen.findByRole("button", { name: "Open xn--pypal-4ve.com" })).toBeInTheDocument();
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

  it("takes its strings from messages", async () => {
    renderDialog(accountLink, { messages: { urlOpen: "Öffnen: {domain}", urlDestination: "Ziel:" } });
    expect(await screen.findByRole("button", { name: "Öffnen: example.com" })).toBeInTheDocument();
    expect(screen.getByText("Ziel:")).toBeInTheDocument();
  });

  describe("the registrable domain, set apart", () => {
    const labels = Array.from({ length: 40 }, (_, i) => `secure-login-${i}-${"x".repeat(41)}`);
    const longHost = `github.com.${labels.join(".")}.evil.example`;

    it("a 2,300-character host shows evil.example first, where the person looks, and the Open button names it", async () => {
      expect(longHost.length).toBeGreaterThan(2_300);
      renderDialog({ ...accountLink, url: `https://${longHost}/login` });
      const open = await screen.findByRole("button", { name: "Open evil.example" });
      const site = screen.getByTestId("rme-url-site");
      expect(site).toHaveTextContent(/^evil\.example$/);
      // Before the long host and the full address in reading order, so nothing can push it away.
      const order = [...screen.getByRole("dialog").querySelectorAll("[data-testid], .rme-url__full")];
      expect(order.indexOf(site)).toBeLessThan(order.indexOf(screen.getByTestId("rme-url-domain")));
      expect(screen.getByTestId("rme-url-domain")).toHaveTextContent(longHost);
      expect(open).toBeEnabled();
    });

    it.each([
      ["https://login.example.co.uk/x", "example.co.uk"],
      ["https://me.github.io/", "me.github.io"],
      ["https://accounts.example.com@evil.example/", "evil.example"],
      ["http://127.0.0.1:8080/callback", "127.0.0.1"],
      ["https://[::1]/", "[::1]"],
    ])("%s → %s", async (url, site) => {
      renderDialog({ ...accountLink, url });
      expect(await screen.findByRole("button", { name: `Open ${site}` })).toBeInTheDocument();
      expect(screen.getByTestId("rme-url-site")).toHaveTextContent(site);
    });

    it("form mode never loads the Public Suffix List", async () => {
      const source = await import("node:fs").then((fs) =>
        ["src/dialog/ElicitationDialog.tsx", "src/dialog/DialogForm.tsx", "src/form/ElicitationForm.tsx"].map((f) => fs.readFileSync(f, "utf8")).join("\n"),
      );
      expect(source).not.toMatch(/tldts/);
      const body = await import("node:fs").then((fs) => fs.readFileSync("src/core/url/registrableDomain.ts", "utf8"));
      expect(body).toMatch(/import\("tldts[^"]*"\)/);
      expect(body).not.toMatch(/^import .*tldts/m);
    });
  });
});

