// @vitest-environment node
// Pressing a notice (which headless Chromium cannot do; e2e/push/ shows the notice itself): the same
// function, given a worker scope that records what it is asked to do. It focuses the host's page of
// that question when one is open, opens it otherwise, and never opens another origin's page.
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
