// @vitest-environment node
import { describe, expect, it } from "vitest";
import { badgedTitle, hostTitleOf } from "../../../src/host/attention/titleBadge";

const TEMPLATE = "({count}) {title}";

describe("the title badge", () => {
  it("prefixes the host's title with the number waiting, and is the host's title itself at 0", () => {
    expect(badgedTitle("Chat — Acme", 2, TEMPLATE)).toBe("(2) Chat — Acme");
    expect(badgedTitle("Chat — Acme", 0, TEMPLATE)).toBe("Chat — Acme");
  });

  it("reads the host's own title back exactly from what the tab shows", () => {
    const written = { title: "(2) Chat (beta) ", hostTitle: "Chat (beta) " };
    // Unchanged since the badge was written: the host's title, spaces and brackets as they were.
    expect(hostTitleOf("(2) Chat (beta) ", written)).toBe("Chat (beta) ");
    // The host set a new title meanwhile: that one is the host's now.
    expect(hostTitleOf("New conversation", written)).toBe("New conversation");
    // The host built its new title from the badged one: the badge it copied is not kept.
    expect(hostTitleOf("(2) Chat (beta) · 3 new", written)).toBe("Chat (beta) · 3 new");
    expect(hostTitleOf("● (2) Chat (beta) ", written)).toBe("● Chat (beta) ");
    // Nothing written: what the tab shows is the host's.
    expect(hostTitleOf("(1) Inbox", undefined)).toBe("(1) Inbox");
  });

  it("takes off only what it wrote: a host title that looks like a badge is the host's own", () => {
    const written = { title: "(1) Chat", hostTitle: "Chat" };
    // The host renamed its page with its own unread count while the badge showed.
    expect(hostTitleOf("(1) New chat", written)).toBe("(1) New chat");
    expect(hostTitleOf("(2) Chat", written)).toBe("(2) Chat");
  });

  it("works with a translated template that puts the count after the title", () => {
    const template = "{title} [{count}]";
    const title = badgedTitle("Chat", 3, template);
    expect(title).toBe("Chat [3]");
    expect(hostTitleOf("Chat [3] · x", { title, hostTitle: "Chat" })).toBe("Chat · x");
  });
});
