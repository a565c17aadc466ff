// A blur caused by pressing a button arrives between the press and the click. Checking the field
// right then inserts an error line that moves the button before the release, and the click lands
// elsewhere (or nowhere). So while a pointer is pressed, blur checks wait until the click is done.

interface PressState {
  users: number;
  pressed: boolean;
  waiting: Array<() => void>;
  detach: () => void;
}

const states = new WeakMap<Document, PressState>();

function flush(state: PressState) {
  const tasks = state.waiting.splice(0);
  for (const task of tasks) task();
}

/** Watches pointer presses in `doc` for as long as the returned function is not called (counted per document). */
export function trackPointerPresses(doc: Document): () => void {
  let state = states.get(doc);
  if (!state) {
    const created: PressState = { users: 0, pressed: false, waiting: [], detach: () => {} };
    const down = () => {
      created.pressed = true;
    };
    const up = () => {
      created.pressed = false;
      // The click follows the release in the same task: run the waiting checks after it.
      setTimeout(() => {
        if (!created.pressed) flush(created);
      }, 0);
    };
    // A release the page never hears of (the window lost focus mid-press) must not hold checks forever.
    const view = doc.defaultView;
    doc.addEventListener("pointerdown", down, true);
    doc.addEventListener("pointerup", up, true);
    doc.addEventListener("pointercancel", up, true);
    view?.addEventListener("blur", up);
    created.detach = () => {
      doc.removeEventListener("pointerdown", down, true);
      doc.removeEventListener("pointerup", up, true);
      doc.removeEventListener("pointercancel", up, true);
      view?.removeEventListener("blur", up);
      flush(created);
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

/** Runs `task` now, or, while a pointer is pressed in `doc`, once the press and its click are over. */
export function afterPointerRelease(doc: Document | undefined, task: () => void): void {
  const state = doc ? states.get(doc) : undefined;
  if (state?.pressed) state.waiting.push(task);
  else task();
}
