// @vitest-environment node
import { describe, expect, it } from "vitest";
import { attentionChanges, attentionReason, unseenRequests } from "../../../src/host/attention/unseenRequests";

const looking = { visible: true, focused: true, cardInView: true };
const entries = [
  { id: "elicitation-1", serverName: "GitHub" },
  { id: "elicitation-2", serverName: "Linear" },
];

describe("what waits unseen", () => {
  it("nothing while the person is looking: the tab visible, the window focused, the card in view (or a modal dialog)", () => {
    expect(unseenRequests(entries, looking)).toEqual([]);
    expect(unseenRequests(entries, { ...looking, cardInView: undefined })).toEqual([]);
  });

  it("every waiting request, for the first reason that holds: hidden, then unfocused, then out of view", () => {
    expect(attentionReason({ visible: false, focused: false, cardInView: false })).toBe("hidden");
    expect(attentionReason({ visible: true, focused: false, cardInView: false })).toBe("unfocused");
    expect(attentionReason({ visible: true, focused: true, cardInView: false })).toBe("out-of-view");
    expect(unseenRequests(entries, { ...looking, focused: false })).toEqual([
      { id: "elicitation-1", serverName: "GitHub", reason: "unfocused" },
      { id: "elicitation-2", serverName: "Linear", reason: "unfocused" },
    ]);
  });
});

describe("attention events", () => {
  const hidden = unseenRequests(entries, { ...looking, visible: false });

  it("'unseen' once per request as it starts waiting unseen, and again only when the reason changes", () => {
    expect(attentionChanges([], hidden, new Set(["elicitation-1", "elicitation-2"]))).toEqual([
      { type: "unseen", serverName: "GitHub", id: "elicitation-1", reason: "hidden" },
      { type: "unseen", serverName: "Linear", id: "elicitation-2", reason: "hidden" },
    ]);
    expect(attentionChanges(hidden, hidden, new Set(["elicitation-1", "elicitation-2"]))).toEqual([]);
    const unfocused = unseenRequests(entries, { ...looking, focused: false });
    expect(attentionChanges(hidden, unfocused, new Set(["elicitation-1", "elicitation-2"])).map((event) => [event.type, event.reason])).toEqual([
      ["unseen", "unfocused"],
      ["unseen", "unfocused"],
    ]);
  });

  it("'seen' when the person looks while it still waits, 'ended' when it left the queue unseen; the reason it had", () => {
    const events = attentionChanges(hidden, [], new Set(["elicitation-2"]));
    expect(events).toEqual([
      { type: "ended", serverName: "GitHub", id: "elicitation-1", reason: "hidden" },
      { type: "seen", serverName: "Linear", id: "elicitation-2", reason: "hidden" },
    ]);
  });
});
