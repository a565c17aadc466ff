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
  /** The clock, in milliseconds. */
  now?: () => number;
  /**
   * The keys judged (`KeyboardEvent.key`), every key when left out. A form's new step names only
   * Enter: what is typed into its field counts at once, and a click a key makes is judged as a click.
   */
  keys?: readonly string[];
}

/**
 * Makes `target` (a newly shown dialog, a form's new step) ignore input aimed at whatever was on
 * screen before it: for `interval` ms after this call every press, click, key and close request is
 * swallowed, and after that a click whose pointer went down before it appeared, or a key held down
 * since then (auto-repeat, its release), is swallowed too. Only the person's input is judged
 * (`isTrusted`): a script on the page can answer the request directly anyway. Returns a function
 * that stops the guard.
 */
export function guardActivation(target: HTMLElement, interval: number, options: GuardActivationOptions = {}): () => void {
  const { now = () => performance.now(), keys } = options;
  const judged = (event: KeyboardEvent) => event.isTrusted && (keys === undefined || keys.includes(event.key));
  const shownAt = now();
  const early = () => now() - shownAt < interval;
  // Keys and presses that began while this dialog was on screen and past its interval.
  const keysDown = new Set<string>();
  let pressSeen = false;

  const onPointerDown = (event: Event) => {
    if (!event.isTrusted) return;
    if (early()) swallow(event);
    else pressSeen = true;
  };
  const onClick = (event: Event) => {
    if (!event.isTrusted) return;
    // Only a click from a real pointer needs its press seen. Clicks from the keyboard follow a key
    // event that was let through; those from assistive technology come with no pointer type and
    // must never be held back.
    const { pointerType, detail } = event as PointerEvent;
    const fromPointer = typeof pointerType === "string" ? pointerType !== "" : detail > 0;
    if (early() || (fromPointer && !pressSeen)) swallow(event);
  };
  const onKeyDown = (event: Event) => {
    const key = event as KeyboardEvent;
    if (!judged(key)) return;
    if (early() || (key.repeat && !keysDown.has(key.code))) swallow(event);
    else keysDown.add(key.code);
  };
  const onKeyUp = (event: Event) => {
    const key = event as KeyboardEvent;
    if (!judged(key)) return;
    if (!keysDown.delete(key.code)) swallow(event);
  };
  const duringInterval = (event: Event) => {
    if (event.isTrusted && early()) swallow(event);
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
    for (const [type, listener] of listeners) target.removeEventListener(type, listener, true);
  };
}
