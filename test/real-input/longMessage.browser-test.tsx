// A message too long for its area scrolls there, and a keyboard must reach it (WCAG 2.1.1) in every
// frame the dialog is drawn in: the area is focusable from its first render, not from an effect that
// runs after the browser paints (a busy page paints first, and axe or a person meets an unreachable
// region). A short message is never an extra Tab stop, in any frame.
import { version } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import "../../src/styles.css";
import type { ElicitFormParams } from "../../src/core/types";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";

const longMessage = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1}: the migration adds three columns and backfills 4.2 million rows.\n`).join("\n");
const request = (message: string): ElicitFormParams => ({
  message,
  requestedSchema: { type: "object", properties: { confirm: { type: "boolean", title: "I have read the above" } } },
});

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
});

/**
 * Renders the dialog as a page does (no act(): React commits in its own task and runs effects later),
 * and gives the message's tabindex as it was when the commit that put it in the page ended.
 */
async function tabIndexAsCommitted(message: string): Promise<string | null> {
  const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = act.IS_REACT_ACT_ENVIRONMENT;
  act.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    const committed = new Promise<string | null>((resolve) => {
      // Called in the microtask right after the commit's task inserted it: before any later task, and before the next paint.
      const observer = new MutationObserver(() => {
        const region = document.querySelector(".rme-dialog__message");
        if (region === null) return;
        observer.disconnect();
        resolve(region.getAttribute("tabindex"));
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    const host = document.body.appendChild(document.createElement("div"));
    const root = createRoot(host);
    roots.push(root);
    root.render(<ElicitationDialog serverName="Deploy Bot" request={request(message)} onResponse={() => {}} />);
    return await committed;
  } finally {
    act.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

describe(`a long message's scrolling area is reachable from the first frame (React ${version})`, () => {
  it("focusable (tabindex 0) as it is put in the page, before any effect or paint, and it does scroll", async () => {
    expect(await tabIndexAsCommitted(longMessage)).toBe("0");
    const region = document.querySelector<HTMLElement>(".rme-dialog__message")!;
    expect(region.scrollHeight).toBeGreaterThan(region.clientHeight + 1);
    const painted = await new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(region.getAttribute("tabindex")))));
    expect(painted).toBe("0");
  });

  it("a short message is no Tab stop in the first frame drawn", async () => {
    await tabIndexAsCommitted("Confirm the deploy.");
    // Read after the first frame was painted (a task after its animation frame).
    const painted = await new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(document.querySelector(".rme-dialog__message")!.getAttribute("tabindex")))));
    expect(painted).toBeNull();
  });
});
