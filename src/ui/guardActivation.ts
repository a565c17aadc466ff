/**
 * How long a newly shown dialog ignores activation, in milliseconds: the common double-click time
 * (Windows' default), which is also how long Chromium's permission prompts ignore input after they
 * appear. A second click of a double-click, the next of several quick Enters, or a key typed for the
 * host's page as the dialog opens all land inside it.
 */
export const DEFAULT_PROTECTION_INTERVAL = 500;

const swallow = (event: Event) => {
  event.preventDefault();
  event.stopImmediatePropagation();
};

export interface GuardActivationOptions {
  /** The page's clock in milliseconds, the one events' `timeStamp` is on. */
  now?: () => number;
  /**
   * Calls `drawn` once the target is on screen, and returns a function that stops waiting: the next
   * animation frame where there is one (a hidden page draws nothing, so its interval waits for it).
   */
  onScreen?: (drawn: () => void) => () => void;
  /**
   * The keys judged (`KeyboardEvent.key`), every key when left out. A form's new step names only
   * Enter: what is typed into its field counts at once, and a click a key makes is judged as a click.
   */
  keys?: readonly string[];
}

/**
 * Makes `target` (a newly shown dialog, a form's new step) ignore input aimed at whatever was on
 * screen before it: every press, click, key and close request the person made before the target
 * was drawn or within `interval` ms after is swallowed, and after that a click whose pointer went
 * down before it appeared, or a key held down since then (auto-repeat, its release), is swallowed
 * too. Only the person's input is judged (`isTrusted`): a script on the page can answer the request
 * directly anyway. Returns a function that stops the guard.
 */
export function guardActivation(target: HTMLElement, interval: number, options: GuardActivationOptions = {}): () => void {
  const { now = () => performance.now(), onScreen = nextFrame(target), keys } = options;
  const judged = (event: KeyboardEvent) => event.isTrusted && (keys === undefined || keys.includes(event.key));
  // Counted from when the person can see it, not from when it was put in the page: a busy page may
  // draw it much later, and until then the screen shows what was there before.
  let shownAt: number | undefined;
  const stopWaiting = onScreen(() => (shownAt = now()));
  // Judged by when the person acted (the event's own time, on the same clock), not by when a busy
  // page gets to it: a key pressed 150 ms after the card appeared, handed over after a long task, is early.
  const actedAt = (event: Event) => {
    const at = now();
    return event.timeStamp > 0 && event.timeStamp < at ? event.timeStamp : at;
  };
  const early = (event: Event) => shownAt === undefined || actedAt(event) - shownAt < interval;
  // Keys and presses that began while this dialog was on screen and past its interval.
  const keysDown = new Set<string>();
  let pressSeen = false;

  const onPointerDown = (event: Event) => {
    if (!event.isTrusted) return;
    if (early(event)) swallow(event);
    else pressSeen = true;
  };
  const onClick = (event: Event) => {
    if (!event.isTrusted) return;
    // Only a click from a real pointer needs its press seen. Clicks from the keyboard follow a key
    // event that was let through; those from assistive technology come with no pointer type and
    // must never be held back.
    const { pointerType, detail } = event as PointerEvent;
    const fromPointer = typeof pointerType === "string" ? pointerType !== "" : detail > 0;
    if (early(event) || (fromPointer && !pressSeen)) swallow(event);
  };
  const onKeyDown = (event: Event) => {
    const key = event as KeyboardEvent;
    if (!judged(key)) return;
    if (early(event) || (key.repeat && !keysDown.has(key.code))) swallow(event);
    else keysDown.add(key.code);
  };
  const onKeyUp = (event: Event) => {
    const key = event as KeyboardEvent;
    if (!judged(key)) return;
    if (!keysDown.delete(key.code)) swallow(event);
  };
  const duringInterval = (event: Event) => {
    if (event.isTrusted && early(event)) swallow(event);
  };

  const listeners: Array<[string, (event: Event) => void]> = [
    ["pointerdown", onPointerDown],
    ["mousedown", onPointerDown],
    ["click", onClick],
    ["keydown", onKeyDown],
    ["keyup", onKeyUp],
    // Not `submit`: the browser fires it as trusted even for a script's click; the click or Enter
    // that caused it has been judged already.
    ["cancel", duringInterval],
  ];
  for (const [type, listener] of listeners) target.addEventListener(type, listener, true);
  return () => {
    stopWaiting();
    for (const [type, listener] of listeners) target.removeEventListener(type, listener, true);
  };
}

/** The next animation frame of the target's window; at once where there are no frames (no window). */
function nextFrame(target: HTMLElement) {
  const view = target.ownerDocument?.defaultView;
  return (drawn: () => void) => {
    if (!view || typeof view.requestAnimationFrame !== "function") {
      drawn();
      return () => {};
    }
    const frame = view.requestAnimationFrame(drawn);
    return () => view.cancelAnimationFrame(frame);
  };
}
