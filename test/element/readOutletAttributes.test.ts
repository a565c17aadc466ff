// @vitest-environment node
// The element's attributes, read without a DOM: valid values pass, a wrong one is named and left at its default.
import { describe, expect, it } from "vitest";
import { matchesContext, readOutletAttributes } from "../../src/element/readOutletAttributes";
import type { ElicitationQueueEntry } from "../../src/client/types";

const read = (attributes: Record<string, string>) => readOutletAttributes((name) => attributes[name] ?? null);

describe("readOutletAttributes", () => {
  it("takes the documented values", () => {
    expect(read({ "relay-url": " /api/elicitation ", presentation: "inline", layout: "steps", locale: "de", dir: "rtl", drafts: "session", "title-badge": "" })).toEqual({
      relayUrl: "/api/elicitation",
      presentation: "inline",
      layout: "steps",
      locale: "de",
      dir: "rtl",
      context: undefined,
      drafts: "session",
      titleBadge: true,
      stopAsking: true,
      problems: [],
    });
    expect(read({ "stop-asking": "false" }).stopAsking).toBe(false);
    expect(read({ "stop-asking": "" }).stopAsking).toBe(true);
  });

  it("names each attribute it cannot take, and leaves it at its default", () => {
    const read1 = read({ presentation: "sheet", layout: "grid", dir: "up", drafts: "forever", "filter-context": "&&" });
    expect([read1.presentation, read1.layout, read1.dir, read1.drafts, read1.context]).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(read1.problems).toEqual([
      'filter-context="&&" names no key (write it as "chatId=…&toolCallId=…"); every request is shown.',
      'presentation="sheet" is not one of "dialog", "inline"; the default is used.',
      'layout="grid" is not one of "form", "steps", "auto"; the default is used.',
      'dir="up" is not one of "ltr", "rtl"; the default is used.',
      'drafts="forever" is not one of "memory", "session", "off"; the default is used.',
    ]);
  });

  it('filter-context is a query string: every pair must be in the entry\'s context; "false" turns the title badge off', () => {
    const { context, titleBadge } = read({ "filter-context": "chatId=c%201&toolCallId=t7", "title-badge": "false" });
    expect(context).toEqual([["chatId", "c 1"], ["toolCallId", "t7"]]);
    expect(titleBadge).toBe(false);
    const entry = (value?: Record<string, string>) => ({ context: value }) as ElicitationQueueEntry;
    expect(matchesContext(entry({ chatId: "c 1", toolCallId: "t7", extra: "x" }), context!)).toBe(true);
    expect(matchesContext(entry({ chatId: "c 1", toolCallId: "t8" }), context!)).toBe(false);
    expect(matchesContext(entry(undefined), context!)).toBe(false);
  });
});

describe("the entry on a server", () => {
  it("importing it where there is no customElements defines nothing and throws nothing", async () => {
    expect(typeof globalThis.customElements).toBe("undefined");
    const entry = await import("../../src/element/index");
    expect(typeof entry.createElicitationQueue).toBe("function");
  });
});
