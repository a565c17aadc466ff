// A blur caused by pressing or tapping a control arrives before the click that press is for: with a
// mouse at the press, between press and release; with a finger (and some pens) at the emulated
// mousedown, after the finger has already lifted (touchstart, touchend, then mousedown → blur,
// mouseup, click). Checking the field right then inserts an error line that moves the control before
// the click is aimed, and the click lands elsewhere (or nowhere). So from a pointer going down until
// the click that completes its activation has run (the end of the task after it), blur checks wait.
// A press that brings no click (a scroll, a long press, a right button) frees them after a short
// while: an error is late then, never lost.

interface PressState {
  users: number;
  /** From a pointer going down until its click has run, or the fallback: blur checks wait meanwhile. */
  activating: boolean;
  waiting: Array<() => void>;
  detach: () => void;
}

/**
 * How long after the last release a click may still come. A tap's click follows its touchend in a
 * later task, up to ~300 ms later where the browser waits for a double tap; past this, no click is coming.
 */
const CLICK_AFTER_RELEASE_MS = 800;

const states = new WeakMap<Document, PressState>();

/** Watches pointer presses in `doc` for as long as the returned function is not called (counted per document). */
export function trackPointerPresses(doc: Document): () => void {
  let state = states.get(doc);
  if (!state) {
    const created: PressState = { users: 0, activating: false, waiting: [], detach: () => {} };
    /** Pointers down now, by id: a second finger's lift does not end the first one's press. */
    const down = new Set<number>();
    let fallback: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(fallback);
      created.activating = false;
      for (const task of created.waiting.splice(0)) task();
    };
    /** The activation ends in `ms`, unless another pointer went down meanwhile (its own click ends it). */
    const settleIn = (ms: number) => {
      clearTimeout(fallback);
      fallback = setTimeout(() => down.size === 0 && flush(), ms);
    };
    const released = (event: PointerEvent) => down.delete(event.pointerId);
    // The click's own handlers have run; its re-render, in this task's microtasks, too. Then the checks.
    const clicked = () => created.activating && settleIn(0);
    // One table adds and removes them; on the document they listen in the capture phase (the window's blur, its own, not).
    const listeners: Array<[EventTarget | null, string, (event: PointerEvent) => void]> = [
      [
        doc,
        "pointerdown",
        (event) => {
          down.add(event.pointerId);
          created.activating = true;
          clearTimeout(fallback);
        },
      ],
      // A mouse's click follows in this task, a tap's in a later one: wait for it, but not forever.
      [doc, "pointerup", (event) => released(event) && down.size === 0 && settleIn(CLICK_AFTER_RELEASE_MS)],
      // The browser took the pointer over (a scroll, a pinch): no click comes.
      [doc, "pointercancel", (event) => (released(event), settleIn(0))],
      [doc, "click", clicked],
      [doc, "auxclick", clicked],
      // A release the page never hears of (the window lost focus mid-press) must not hold checks forever.
      [doc.defaultView, "blur", () => (down.clear(), settleIn(0))],
    ];
    for (const [target, type, listener] of listeners) target?.addEventListener(type, listener as EventListener, target === doc);
    created.detach = () => {
      for (const [target, type, listener] of listeners) target?.removeEventListener(type, listener as EventListener, target === doc);
      down.clear();
      flush();
    };
    states.set(doc, created);
    state = created;
  }
  const tracked = state;
  tracked.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    tracked.users -= 1;
    if (tracked.users === 0) {
      tracked.detach();
      states.delete(doc);
    }
  };
}

/**
 * Runs `task` now, or, while a pointer's activation is under way in `doc` (from its press until the
 * click that completes it), once that click has run.
 */
export function afterPointerRelease(doc: Document | undefined, task: () => void): void {
  const state = doc ? states.get(doc) : undefined;
  if (state?.activating) state.waiting.push(task);
  else task();
}
