// @vitest-environment node
// Pressing a notice (which headless Chromium cannot do; e2e/push/ shows the notice itself and drives
// an action's answer through a real worker): the same function, given a worker scope that records
// what it is asked to do. It focuses the host's page of that question when one is open, opens it
// otherwise, and never opens another origin's page. An action's answer: the failures a real relay
// is hard to make fail on cue (signed out, offline, busy) open the card; a closed question, nothing.
import { describe, expect, it } from "vitest";
import { listenForElicitationPush, type ElicitationPushWorkerScope } from "../../../src/client/push/listenForElicitationPush";

function workerScope(openPages: string[]) {
  const listeners = new Map<string, (event: unknown) => void>();
  const done: string[] = [];
  const scope: ElicitationPushWorkerScope = {
    registration: { showNotification: async (title) => void done.push(`show ${title}`) },
    clients: {
      matchAll: async () => openPages.map((url) => ({ url, focus: async () => done.push(`focus ${url}`) })),
      openWindow: async (url) => done.push(`open ${url}`),
    },
    location: { origin: "https://chat.example.com" },
    addEventListener: (type, listener) => void listeners.set(type, listener as (event: unknown) => void),
  };
  listenForElicitationPush(scope);
  const press = async (data: unknown) => {
    const work: Promise<unknown>[] = [];
    let closed = false;
    listeners.get("notificationclick")!({ notification: { data, close: () => (closed = true) }, waitUntil: (promise: Promise<unknown>) => work.push(promise) });
    await Promise.all(work);
    return closed;
  };
  return { press, done };
}

const notice = { kind: "mcp-elicitation", id: "q-1", serverName: "Bank", message: "Approve?", url: "/chat/c7" };

describe("pressing a question's notice", () => {
  it("focuses the page of that question when it is open, and opens it when not", async () => {
    const open = workerScope(["https://chat.example.com/chat/c1", "https://chat.example.com/chat/c7"]);
    expect(await open.press(notice)).toBe(true);
    expect(open.done).toEqual(["focus https://chat.example.com/chat/c7"]);
    const closed = workerScope(["https://chat.example.com/chat/c1"]);
    await closed.press(notice);
    expect(closed.done).toEqual(["open https://chat.example.com/chat/c7"]);
  });

  it("opens nothing of another origin, and leaves the host's own notifications alone", async () => {
    const scope = workerScope([]);
    await scope.press({ ...notice, url: "https://evil.example/phish" });
    await scope.press({ ...notice, url: "javascript:alert(1)" });
    expect(await scope.press({ kind: "host-news" })).toBe(false);
    expect(scope.done).toEqual([]);
  });
});

/** A worker given the relay's route, whose fetch answers with `status` (or fails), on a platform showing `maxActions`. */
function answeringScope(reply: number | "offline", maxActions = 2) {
  const listeners = new Map<string, (event: unknown) => void>();
  const done: string[] = [];
  const shown: { title: string; options?: NotificationOptions & { actions?: { action: string; title: string }[] } }[] = [];
  const scope: ElicitationPushWorkerScope = {
    registration: { showNotification: async (title, options) => void shown.push({ title, options }) },
    clients: { matchAll: async () => [], openWindow: async (url) => done.push(`open ${url}`) },
    location: { origin: "https://chat.example.com" },
    addEventListener: (type, listener) => void listeners.set(type, listener as (event: unknown) => void),
    fetch: async (url, init) => {
      done.push(`${init.method} ${url} ${init.credentials} ${String(init.body)}`);
      if (reply === "offline") throw new TypeError("Failed to fetch");
      return new Response(null, { status: reply });
    },
    Notification: { maxActions },
  };
  listenForElicitationPush(scope, { relayUrl: "/api/elicitation" });
  const receive = async (data: unknown) => {
    const work: Promise<unknown>[] = [];
    listeners.get("push")!({ data: { json: () => data }, waitUntil: (promise: Promise<unknown>) => work.push(promise) });
    await Promise.all(work);
    return shown.at(-1)?.options?.actions;
  };
  const press = async (data: unknown, action: string) => {
    const work: Promise<unknown>[] = [];
    listeners.get("notificationclick")!({ notification: { data, close: () => done.push("close") }, action, waitUntil: (promise: Promise<unknown>) => work.push(promise) });
    await Promise.all(work);
  };
  return { receive, press, done };
}

const yesNo = {
  ...notice,
  choices: [
    { title: "Yes", result: { action: "accept", content: { approve: true } } },
    { title: "No", result: { action: "accept", content: { approve: false } } },
  ],
};

describe("answering from a notice's action", () => {
  it("offers the answers as actions only with the relay's route and room for all of them", async () => {
    expect(await answeringScope(200).receive(yesNo)).toEqual([
      { action: "mcp-elicitation-answer:0", title: "Yes" },
      { action: "mcp-elicitation-answer:1", title: "No" },
    ]);
    expect(await answeringScope(200, 1).receive(yesNo)).toBeUndefined();
    expect(await answeringScope(200).receive(notice)).toBeUndefined();
    // Choices not well formed (a typed object as a value, two fields) are dropped: the notice shows without actions.
    expect(await answeringScope(200).receive({ ...yesNo, choices: [{ title: "Yes", result: { action: "accept", content: { approve: { $ref: "x" } } } }] })).toBeUndefined();
    expect(await answeringScope(200).receive({ ...yesNo, choices: [yesNo.choices[0], { title: "No", result: { action: "accept", content: { other: false } } }] })).toBeUndefined();
  });

  it("sends the chosen answer as the page does, once; a closed question shows nothing more; any other failure opens the card", async () => {
    const taken = answeringScope(200);
    await taken.press(yesNo, "mcp-elicitation-answer:1");
    expect(taken.done).toEqual(["close", 'POST https://chat.example.com/api/elicitation same-origin {"id":"q-1","result":{"action":"accept","content":{"approve":false}},"via":"notification"}']);
    for (const closed of [409, 404]) {
      const scope = answeringScope(closed);
      await scope.press(yesNo, "mcp-elicitation-answer:0");
      expect(scope.done.filter((step) => step.startsWith("open"))).toEqual([]);
    }
    for (const failed of [401, 403, 429, 503, "offline"] as const) {
      const scope = answeringScope(failed);
      await scope.press(yesNo, "mcp-elicitation-answer:0");
      expect(scope.done.at(-1)).toBe("open https://chat.example.com/chat/c7");
    }
    // The body, or an action it never offered: the card, nothing sent.
    for (const action of ["", "mcp-elicitation-answer:2", "mcp-elicitation-answer:x"]) {
      const scope = answeringScope(200);
      await scope.press(yesNo, action);
      expect(scope.done).toEqual(["close", "open https://chat.example.com/chat/c7"]);
    }
  });

  it("takes only a relay route on the worker's own origin", () => {
    const scope = { ...answeringScopeBase(), fetch: async () => new Response(null) };
    expect(() => listenForElicitationPush(scope, { relayUrl: "https://evil.example/answers" })).toThrow(/relayUrl must be on this worker's origin \(https:\/\/chat\.example\.com\)/);
  });
});

function answeringScopeBase(): ElicitationPushWorkerScope {
  return {
    registration: { showNotification: async () => undefined },
    clients: { matchAll: async () => [], openWindow: async () => undefined },
    location: { origin: "https://chat.example.com" },
    addEventListener: () => undefined,
  };
}
