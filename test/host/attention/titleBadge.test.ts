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
    const written = { title: "(2) Chat (beta) ", hostTitle: "Chat (beta) ", count: 2 };
    // Unchanged since the badge was written: the host's title, spaces and brackets as they were.
    expect(hostTitleOf("(2) Chat (beta) ", written, TEMPLATE)).toBe("Chat (beta) ");
    // The host set a new title meanwhile: that one is the host's now.
    expect(hostTitleOf("New conversation", written, TEMPLATE)).toBe("New conversation");
    // The host built its new title from the badged one: the badge it copied is not kept.
    expect(hostTitleOf("(2) Chat (beta) · 3 new", written, TEMPLATE)).toBe("Chat (beta) · 3 new");
    // Nothing written: what the tab shows is the host's.
    expect(hostTitleOf("(1) Inbox", undefined, TEMPLATE)).toBe("(1) Inbox");
  });

  it("works with a translated template that puts the count after the title", () => {
    const template = "{title} [{count}]";
    const title = badgedTitle("Chat", 3, template);
    expect(title).toBe("Chat [3]");
    expect(hostTitleOf("Chat · x [3]", { title, hostTitle: "Chat", count: 3 }, template)).toBe("Chat · x");
  });
});
