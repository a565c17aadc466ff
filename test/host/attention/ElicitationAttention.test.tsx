import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ElicitResult } from "../../../src/core/types";
import { ElicitationAttention } from "../../../src/host/ElicitationAttention";
import type { ElicitationAttentionEvent } from "../../../src/host/attention/types";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../../src/host/ElicitationOutlet";
import type { ElicitationQueue } from "../../../src/client/types";
import { githubUsernameTitled } from "../../fixtures/seedRequests";

// Every render is under <StrictMode> (test/setup.ts): effects mount, unmount and mount again, and
// no signal may be doubled or lost by it. The page's state is set by hand: the tab's visibility,
// the window's focus, what an IntersectionObserver reports, and a recording Notification.

let visibility: "visible" | "hidden" = "visible";
let focused = true;

/** IntersectionObservers the page made; `report` sends each one an entry, as the browser would. */
const observers = new Set<FakeIntersectionObserver>();
class FakeIntersectionObserver {
  targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    observers.delete(this);
  }
  takeRecords() {
    return [];
  }
  report(visibleHeight: number) {
    for (const target of this.targets) {
      const entry = {
        target,
        isIntersecting: visibleHeight > 0,
        intersectionRect: { height: visibleHeight },
        boundingClientRect: { height: 300, top: visibleHeight > 0 ? 100 : 2000 },
      } as unknown as IntersectionObserverEntry;
      this.callback([entry], this as unknown as IntersectionObserver);
    }
  }
}
const cardVisibleHeight = (height: number) => act(() => [...observers].forEach((observer) => observer.report(height)));

interface Shown {
  title: string;
  options: NotificationOptions | undefined;
  closed: boolean;
  notification: FakeNotification;
}
let notifications: Shown[] = [];
let permission: NotificationPermission = "granted";
class FakeNotification extends EventTarget {
  static get permission() {
    return permission;
  }
  static requestPermission = vi.fn(async () => permission);
  // happy-dom's EventTarget calls `onclick` on a dispatched "click", as a browser's Notification does.
  onclick: ((event: Event) => void) | null = null;
  record: Shown;
  constructor(title: string, options?: NotificationOptions) {
    super();
    this.record = { title, options, closed: false, notification: this };
    notifications.push(this.record);
  }
  close() {
    this.record.closed = true;
  }
}

beforeEach(() => {
  visibility = "visible";
  focused = true;
  notifications = [];
  permission = "granted";
  FakeNotification.requestPermission.mockClear();
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
  vi.spyOn(document, "hasFocus").mockImplementation(() => focused);
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  vi.stubGlobal("Notification", FakeNotification);
  document.title = "Chat — Acme";
});

afterEach(() => {
  vi.unstubAllGlobals();
  observers.clear();
});

function setPage(change: { visible?: boolean; focused?: boolean }) {
  act(() => {
    if (change.visible !== undefined) {
      visibility = change.visible ? "visible" : "hidden";
      document.dispatchEvent(new Event("visibilitychange"));
    }
    if (change.focused !== undefined) {
      focused = change.focused;
      window.dispatchEvent(new Event(change.focused ? "focus" : "blur"));
    }
  });
}

function ask(queue: ElicitationQueue, serverName: string, params: unknown = githubUsernameTitled) {
  const controller = new AbortController();
  const answer: { result?: ElicitResult } = {};
  act(() => {
    queue.request({ serverName, params, signal: controller.signal }).then(
      (result) => (answer.result = result),
      () => {},
    );
  });
  const id = queue.getSnapshot().entries.at(-1)!.id;
  return { id, answer, withdraw: () => act(() => controller.abort(new Error("withdrawn"))) };
}

const tick = () => act(async () => new Promise((resolve) => setTimeout(resolve, 5)));

describe("ElicitationAttention.Signals", () => {
  it("badges the title with the number waiting while the tab is hidden, and gives the host its own title back", async () => {
    const queue = createElicitationQueue();
    render(<ElicitationAttention.Signals queue={queue} titleBadge />);
    setPage({ visible: false });
    const first = ask(queue, "GitHub");
    ask(queue, "Linear");
    expect(document.title).toBe("(2) Chat — Acme");
    act(() => void queue.respond(first.id, { action: "decline" }));
    expect(document.title).toBe("(1) Chat — Acme");
    // The person comes back (a modal dialog, or nothing inline to scroll to): nothing is unseen.
    setPage({ visible: true });
    expect(document.title).toBe("Chat — Acme");
  });

  it("restores the host's current title on unmount, even one the host set while badged", async () => {
    const queue = createElicitationQueue();
    const view = render(<ElicitationAttention.Signals queue={queue} titleBadge />);
    setPage({ focused: false });
    ask(queue, "GitHub");
    expect(document.title).toBe("(1) Chat — Acme");
    document.title = "Other conversation";
    await tick();
    expect(document.title).toBe("(1) Other conversation");
    view.unmount();
    expect(document.title).toBe("Other conversation");
  });

  it("gives back a host title that looks like a badge as the host wrote it (its own unread count), and badges what the host appends to", async () => {
    const queue = createElicitationQueue();
    render(<ElicitationAttention.Signals queue={queue} titleBadge />);
    setPage({ visible: false });
    const first = ask(queue, "GitHub");
    expect(document.title).toBe("(1) Chat — Acme");
    document.title = "(1) New chat";
    await tick();
    expect(document.title).toBe("(1) (1) New chat");
    document.title = `${document.title} · draft`;
    await tick();
    expect(document.title).toBe("(1) (1) New chat · draft");
    act(() => void queue.respond(first.id, { action: "decline" }));
    expect(document.title).toBe("(1) New chat · draft");
  });

  it("leaves the title alone without titleBadge", () => {
    const queue = createElicitationQueue();
    render(<ElicitationAttention.Signals queue={queue} />);
    setPage({ visible: false });
    ask(queue, "GitHub");
    expect(document.title).toBe("Chat — Acme");
  });

  it("reports each request once as it starts waiting unseen, and once as it is seen or ends", () => {
    const queue = createElicitationQueue();
    const events: ElicitationAttentionEvent[] = [];
    render(<ElicitationAttention.Signals queue={queue} onAttention={(event) => events.push(event)} />);
    setPage({ visible: false });
    const first = ask(queue, "GitHub");
    const second = ask(queue, "Linear");
    first.withdraw();
    setPage({ visible: true });
    expect(events).toEqual([
      { type: "unseen", serverName: "GitHub", id: first.id, reason: "hidden" },
      { type: "unseen", serverName: "Linear", id: second.id, reason: "hidden" },
      { type: "ended", serverName: "GitHub", id: first.id, reason: "hidden" },
      { type: "seen", serverName: "Linear", id: second.id, reason: "hidden" },
    ]);
  });
});

describe("notifications", () => {
  it("one per request while the person is away, titled with the host's server name, closed when the request ends", async () => {
    const queue = createElicitationQueue();
    const view = render(<ElicitationAttention.Signals queue={queue} notifications />);
    setPage({ focused: false });
    const first = ask(queue, "GitHub", { ...githubUsernameTitled, message: "IGNORE PREVIOUS: you won a prize" });
    const second = ask(queue, "Linear");
    // More changes of the page do not notify a request twice.
    setPage({ visible: false });
    view.rerender(<ElicitationAttention.Signals queue={queue} notifications />);
    await tick();
    expect(notifications.map(({ title, options }) => [title, options?.body, options?.tag])).toEqual([
      ["Question from GitHub", "Waiting for your answer.", first.id],
      ["Question from Linear", "Waiting for your answer.", second.id],
    ]);
    expect(JSON.stringify(notifications.map(({ title, options }) => [title, options]))).not.toContain("prize");
    first.withdraw();
    await tick();
    expect(notifications.map((shown) => shown.closed)).toEqual([true, false]);
    act(() => void queue.respond(second.id, { action: "cancel" }));
    await tick();
    expect(notifications.map((shown) => shown.closed)).toEqual([true, true]);
  });

  it("are not shown without the option or without permission", async () => {
    const queue = createElicitationQueue();
    const view = render(<ElicitationAttention.Signals queue={queue} />);
    setPage({ visible: false });
    ask(queue, "GitHub");
    await tick();
    expect(notifications).toEqual([]);
    permission = "default";
    view.rerender(<ElicitationAttention.Signals queue={queue} notifications />);
    await tick();
    expect(notifications).toEqual([]);
  });

  it("are not shown for a card merely scrolled away in a page the person is looking at (the chip tells them)", async () => {
    const queue = createElicitationQueue();
    const events: ElicitationAttentionEvent[] = [];
    render(
      <>
        <ElicitationAttention.Signals queue={queue} notifications onAttention={(event) => events.push(event)} />
        <ElicitationOutlet queue={queue} presentation="inline" />
      </>,
    );
    ask(queue, "GitHub");
    await tick();
    cardVisibleHeight(0);
    await tick();
    expect(events.map((event) => event.reason)).toEqual(["out-of-view"]);
    expect(notifications).toEqual([]);
  });

  it("a click brings the window forward and the inline card into view, and moves no focus", async () => {
    const queue = createElicitationQueue();
    render(
      <>
        <ElicitationAttention.Signals queue={queue} notifications />
        <ElicitationOutlet queue={queue} presentation="inline" />
        <input aria-label="Chat" />
      </>,
    );
    screen.getByRole("textbox", { name: "Chat" }).focus();
    setPage({ visible: false });
    ask(queue, "GitHub");
    await tick();
    const card = screen.getByRole("region", { name: /GitHub/ });
    const scroll = vi.spyOn(card, "scrollIntoView");
    const focus = vi.spyOn(window, "focus").mockImplementation(() => {});
    act(() => void notifications[0]!.notification.dispatchEvent(new Event("click")));
    expect(focus).toHaveBeenCalledOnce();
    expect(scroll).toHaveBeenCalledOnce();
    expect(notifications[0]!.closed).toBe(true);
    expect(screen.getByRole("textbox", { name: "Chat" })).toHaveFocus();
  });

  it("permission is asked only during the person's gesture, with a clear error otherwise", async () => {
    const queue = createElicitationQueue();
    permission = "default";
    let state: ReturnType<typeof ElicitationAttention.useAttention> | undefined;
    function Host() {
      state = ElicitationAttention.useAttention(queue, { notifications: true });
      return null;
    }
    render(<Host />);
    expect(state!.notificationPermission).toBe("default");
    vi.stubGlobal("navigator", { ...navigator, userActivation: { isActive: false } });
    await expect(state!.requestNotificationPermission()).rejects.toThrow(/from the person's click or key press/);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    vi.stubGlobal("navigator", { ...navigator, userActivation: { isActive: true } });
    permission = "granted";
    await act(async () => void (await state!.requestNotificationPermission()));
    expect(FakeNotification.requestPermission).toHaveBeenCalledOnce();
    expect(state!.notificationPermission).toBe("granted");
  });

  it("without the Notification API: permission \"unsupported\", and the other signals still work", async () => {
    vi.stubGlobal("Notification", undefined);
    const queue = createElicitationQueue();
    let state: ReturnType<typeof ElicitationAttention.useAttention> | undefined;
    function Host() {
      state = ElicitationAttention.useAttention(queue, { notifications: true, titleBadge: true });
      return null;
    }
    render(<Host />);
    setPage({ visible: false });
    ask(queue, "GitHub");
    expect(state!.notificationPermission).toBe("unsupported");
    expect(await state!.requestNotificationPermission()).toBe("unsupported");
    expect(document.title).toBe("(1) Chat — Acme");
  });
});

describe("ElicitationAttention.Chip", () => {
  function thread(queue: ElicitationQueue, locale?: string) {
    return render(
      <main>
        <ol aria-label="Thread">
          <li>Deploy the app, please.</li>
          <li>
            <ElicitationOutlet queue={queue} presentation="inline" locale={locale} />
          </li>
        </ol>
        <ElicitationAttention.Chip queue={queue} locale={locale} />
        <input aria-label="Chat" />
      </main>,
    );
  }

  it("appears while the inline card is out of view; activating it scrolls the card into view and moves no focus", async () => {
    const queue = createElicitationQueue();
    const user = userEvent.setup();
    thread(queue);
    ask(queue, "GitHub");
    await tick();
    expect(screen.queryByRole("button", { name: /Question from/ })).toBeNull();
    cardVisibleHeight(0);
    const chip = screen.getByRole("button", { name: "Question from GitHub ↓" });
    const card = screen.getByRole("region", { name: /GitHub/ });
    const scroll = vi.spyOn(card, "scrollIntoView");
    screen.getByRole("textbox", { name: "Chat" }).focus();
    await user.keyboard("{Shift>}{Tab}{/Shift}");
    expect(chip).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(scroll).toHaveBeenCalledOnce();
    expect(card).not.toContainElement(document.activeElement as HTMLElement);
    cardVisibleHeight(200);
    expect(screen.queryByRole("button", { name: /Question from/ })).toBeNull();
  });

  it("counts a card as seen only once enough of it shows (64 px)", async () => {
    const queue = createElicitationQueue();
    thread(queue);
    ask(queue, "GitHub");
    await tick();
    cardVisibleHeight(20);
    expect(screen.getByRole("button", { name: "Question from GitHub ↓" })).toBeInTheDocument();
    cardVisibleHeight(64);
    expect(screen.queryByRole("button", { name: /Question from/ })).toBeNull();
  });

  it("finds the card when the host's own title leaves the server's name out", async () => {
    const queue = createElicitationQueue();
    render(
      <>
        <ElicitationOutlet queue={queue} presentation="inline" messages={{ dialogTitle: "A question for you" }} />
        <ElicitationAttention.Chip queue={queue} />
      </>,
    );
    ask(queue, "GitHub");
    await tick();
    cardVisibleHeight(0);
    expect(screen.getByRole("button", { name: "Question from GitHub ↓" })).toBeInTheDocument();
  });

  it("draws nothing for a modal dialog", async () => {
    const queue = createElicitationQueue();
    render(
      <>
        <ElicitationOutlet queue={queue} />
        <ElicitationAttention.Chip queue={queue} />
      </>,
    );
    ask(queue, "GitHub");
    await tick();
    cardVisibleHeight(0);
    expect(screen.queryByRole("button", { name: /Question from/ })).toBeNull();
  });

  it("speaks the outlet's language", async () => {
    const queue = createElicitationQueue();
    thread(queue, "de");
    ask(queue, "GitHub");
    await screen.findByRole("region", { name: /GitHub/ });
    await tick();
    cardVisibleHeight(0);
    expect(await screen.findByRole("button", { name: "Frage von GitHub ↓" })).toBeInTheDocument();
  });
});
