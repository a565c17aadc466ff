// The inline card in Chromium, with real keys and presses, placed in a chat column the way a chat
// host places it: focus stays with the person (also after they answered a card from inside it and
// went back to the chat input), Tab reaches it in document order, Escape inside it cancels, the
// server's name stays in view, nothing scrolls sideways at 320 px, themes hold.
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import axe from "axe-core";
import { version } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { commands, page, userEvent } from "vitest/browser";
import "../../src/styles.css";
import type { ElicitFormParams, ElicitResult } from "../../src/core/types";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { readDialog } from "./readDialog";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  cleanup();
  document.documentElement.removeAttribute("data-theme");
  document.documentElement.style.colorScheme = "";
  await commands.emulateMedia({ reducedMotion: "no-preference", colorScheme: "light" });
  await page.viewport(1280, 800);
});

const deployment: ElicitFormParams = {
  message: "Tell us about the deployment.",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Project name", minLength: 2 },
      email: { type: "string", format: "email", title: "Contact email" },
      replicas: { type: "integer", title: "Replicas", minimum: 1, maximum: 5 },
      region: { type: "string", title: "Region", oneOf: [{ const: "eu", title: "Europe" }, { const: "us", title: "United States" }] },
      tier: { type: "string", title: "Tier", enum: ["free", "pro", "team", "enterprise"] },
      backups: { type: "boolean", title: "Nightly backups" },
      alerts: { type: "array", title: "Alerts", items: { type: "string", enum: ["email", "sms"] } },
      note: { type: "string", title: "Note for the reviewer" },
    },
    required: ["name", "email", "region"],
  },
};

/** A chat host: a scrolling thread column `width` wide, the outlet as its last message, the chat input below. */
function chat(width = 320, height = 480) {
  const queue = createElicitationQueue();
  render(
    <div style={{ width, display: "flex", flexDirection: "column", gap: 8, fontFamily: "Georgia, serif" }}>
      <div data-testid="thread" style={{ height, overflowY: "auto", padding: 8, boxSizing: "border-box" }}>
        <p>Deploy the app, please.</p>
        <p>Sure — the deploy tool needs a few details.</p>
        <ElicitationOutlet queue={queue} presentation="inline" />
      </div>
      <input aria-label="Chat" />
    </div>,
  );
  const answers: Array<ElicitResult | undefined> = [];
  const ask = (serverName: string, params: ElicitFormParams, signal?: AbortSignal) => {
    const index = answers.push(undefined) - 1;
    act(() => {
      void queue.request({ serverName, params, signal }).then(
        (result) => (answers[index] = result),
        () => undefined,
      );
    });
  };
  return { queue, ask, answers, thread: screen.getByTestId("thread"), input: screen.getByRole("textbox", { name: "Chat" }) as HTMLInputElement };
}

const cardOf = (name: RegExp) => screen.getByRole("region", { name });

const branch: ElicitFormParams = {
  message: "Which branch?",
  requestedSchema: { type: "object", properties: { branch: { type: "string", title: "Branch" } } },
};

/** A press at human pace on the middle of `element`, scrolled into view first. */
async function pressOn(element: Element) {
  element.scrollIntoView({ block: "nearest" });
  const box = element.getBoundingClientRect();
  await commands.pressAt(box.left + box.width / 2, box.top + box.height / 2);
}

describe(`the inline card in a chat column (React ${version})`, () => {
  it("appears while the person types in the chat input: focus and every key stay there, Enter included", async () => {
    const { ask, answers, input } = chat();
    input.focus();
    await commands.typeSlowly("deploy ", 40);
    ask("GitHub", deployment);
    await commands.typeSlowly("it now\n", 40);
    await wait(200);
    expect(input).toHaveFocus();
    expect(input.value).toBe("deploy it now");
    expect(answers).toEqual([undefined]);
    expect(screen.getByRole("textbox", { name: /Project name/ })).toHaveValue("");
    // Announced politely, once it is in the page.
    expect(cardOf(/GitHub/).querySelector(':scope > [role="status"]')).toHaveTextContent(
      "GitHub is asking for information",
    );
  });

  it("answered from inside, then left for the chat input: a card that arrives mid-sentence takes no key of it", async () => {
    const { ask, answers, input } = chat(480);
    ask("GitHub", branch);
    await readDialog();
    await pressOn(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(answers).toEqual([{ action: "cancel" }]));
    await pressOn(input);
    expect(input).toHaveFocus();
    const typing = commands.typeSlowly("deploy it now, please", 60);
    await wait(400);
    ask("Spammy", branch);
    await typing;
    await wait(200);
    expect(cardOf(/Spammy/)).toBeInTheDocument();
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe("deploy it now, please");
  });

  it("answered from inside with the keyboard: the card waiting then takes focus; once the person is back in the chat input, a withdrawal that brings up the next card takes no key", async () => {
    const { ask, answers, input } = chat(480);
    const withdraw = new AbortController();
    ask("GitHub", branch);
    ask("Deploy Bot", branch, withdraw.signal);
    ask("Badges", branch);
    await readDialog();
    await pressOn(screen.getByRole("textbox", { name: "Branch" }));
    await commands.pressKeyRepeatedly("Escape", 1);
    await waitFor(() => expect(answers[0]).toEqual({ action: "cancel" }));
    // The good case holds: the next card, already waiting, has focus on its surface (never a field).
    await waitFor(() => expect(document.activeElement).toBe(cardOf(/Deploy Bot/).querySelector(".rme-dialog__surface")));
    await readDialog();
    await pressOn(input);
    expect(input).toHaveFocus();
    const typing = commands.typeSlowly("deploy it now, please", 60);
    await wait(400);
    // The server withdraws its own card so that the next one mounts while the person types.
    act(() => withdraw.abort());
    await typing;
    await wait(200);
    expect(cardOf(/Badges/)).toBeInTheDocument();
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe("deploy it now, please");
    expect(answers.slice(1)).toEqual([undefined, undefined]);
  });

  it("is reached in document order: Shift+Tab from the chat input lands on its last control; Escape inside cancels", async () => {
    const { ask, answers, input } = chat();
    ask("GitHub", deployment);
    input.focus();
    await readDialog();
    await userEvent.keyboard("{Escape}");
    expect(answers).toEqual([undefined]);
    await userEvent.keyboard("{Shift>}{Tab}{/Shift}");
    expect(document.activeElement).toHaveAccessibleName("Close");
    await userEvent.keyboard("{Shift>}{Tab}{/Shift}");
    expect(document.activeElement).toHaveAccessibleName("Submit");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(answers).toEqual([{ action: "cancel" }]));
  });

  it("keyboard alone: fills the card and submits, a visible focus ring at every stop", async () => {
    const { ask, answers } = chat(480);
    ask("Deploy Bot", deployment);
    await readDialog();
    const card = cardOf(/Deploy Bot/);
    await act(async () => (card.querySelector("input[name=f0]") as HTMLElement).focus());
    await userEvent.keyboard("my-app{Tab}ops@example.com{Tab}3{Tab}{ArrowDown}");
    expect(document.activeElement).toHaveAccessibleName("United States");
    const style = getComputedStyle(document.activeElement!);
    expect(style.outlineStyle).not.toBe("none");
    expect(parseFloat(style.outlineWidth)).toBeGreaterThanOrEqual(2);
    await userEvent.keyboard("{Enter}");
    await waitFor(() =>
      expect(answers).toEqual([{ action: "accept", content: { name: "my-app", email: "ops@example.com", replicas: 3, region: "us", backups: false } }]),
    );
  });

  it("keeps the server's name in view while any of a card taller than the thread is on screen", async () => {
    const { ask, thread } = chat(320, 360);
    ask("GitHub", deployment);
    await readDialog();
    const card = cardOf(/GitHub/);
    expect(card.getBoundingClientRect().height).toBeGreaterThan(thread.clientHeight);
    const server = card.querySelector(".rme-dialog__server")!;
    const inView = () => {
      const box = server.getBoundingClientRect();
      const port = thread.getBoundingClientRect();
      return box.top >= port.top - 1 && box.bottom <= port.bottom + 1;
    };
    // Scrolled step by step to the card's last action: whenever a field or action shows, so does the name.
    for (let top = 0; top <= thread.scrollHeight; top += 90) {
      thread.scrollTop = top;
      await wait(20);
      const controls = [...card.querySelectorAll("input, button, select, textarea")].filter((control) => {
        const box = control.getBoundingClientRect();
        const port = thread.getBoundingClientRect();
        return box.bottom > port.top && box.top < port.bottom;
      });
      if (controls.length > 0) expect(inView(), `name in view at scrollTop ${thread.scrollTop}`).toBe(true);
    }
    screen.getByRole("button", { name: "Submit" }).scrollIntoView({ block: "end" });
    await wait(20);
    expect(inView()).toBe(true);
  });

  it("fits a 320 px column: nothing scrolls sideways, and a long message stays bounded", async () => {
    await page.viewport(360, 700);
    const { ask, thread } = chat(320);
    ask("A server with a rather long name, Incorporated", { ...deployment, message: "Please read this carefully. ".repeat(60) });
    await readDialog();
    const card = cardOf(/Incorporated/);
    expect(thread.scrollWidth).toBeLessThanOrEqual(thread.clientWidth);
    expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    const right = card.getBoundingClientRect().right;
    for (const element of card.querySelectorAll<HTMLElement>("*:not(.rme-visually-hidden):not(.rme-visually-hidden *)")) {
      expect(element.getBoundingClientRect().right, element.className).toBeLessThanOrEqual(right + 0.5);
    }
    const message = card.querySelector<HTMLElement>(".rme-dialog__message")!;
    expect(message.getBoundingClientRect().height).toBeLessThanOrEqual(12 * 16 + 1);
    expect(message.scrollHeight).toBeGreaterThan(message.clientHeight);
    // Long, so it is a Tab stop a keyboard can scroll.
    await waitFor(() => expect(message).toHaveAttribute("tabindex", "0"));
  });

  for (const scheme of ["light", "dark"] as const) {
    it(`meets WCAG 2.2 AA with the OS in ${scheme} mode on a page that follows it, errors shown`, async () => {
      await commands.emulateMedia({ colorScheme: scheme });
      document.documentElement.style.colorScheme = "light dark";
      const { ask } = chat(480);
      ask("GitHub", deployment);
      const card = cardOf(/GitHub/);
      expect(getComputedStyle(card).backgroundColor).toBe(scheme === "dark" ? "rgb(22, 23, 27)" : "rgb(255, 255, 255)");
      await readDialog();
      await act(async () => screen.getByRole("button", { name: "Submit" }).focus());
      await userEvent.keyboard("{Enter}");
      await waitFor(() => expect(card.querySelectorAll('[role="alert"]').length).toBeGreaterThan(0));
      const result = await axe.run(card, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] } });
      expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }

  it("follows the host's dark theme like the dialog", () => {
    document.documentElement.setAttribute("data-theme", "dark");
    const { ask } = chat();
    ask("GitHub", deployment);
    expect(getComputedStyle(cardOf(/GitHub/)).backgroundColor).toBe("rgb(22, 23, 27)");
  });
});
