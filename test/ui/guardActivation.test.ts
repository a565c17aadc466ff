import { describe, expect, it } from "vitest";
import { DEFAULT_PROTECTION_INTERVAL, guardActivation } from "../../src/ui/guardActivation";

/** A stand-in for the dialog that records the guard's listeners, and a clock the test moves. */
function setup(interval = DEFAULT_PROTECTION_INTERVAL, keys?: readonly string[], onScreen?: (drawn: () => void) => () => void) {
  const listeners = new Map<string, (event: Event) => void>();
  const dialog = {
    addEventListener: (type: string, listener: (event: Event) => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
  } as unknown as HTMLElement;
  let time = 1000;
  const stop = guardActivation(dialog, interval, { now: () => time, keys, onScreen });
  /** Delivers a person's event; true when the guard let it through. */
  const send = (type: string, init: Record<string, unknown> = {}) => {
    let swallowed = false;
    const event = { type, isTrusted: true, preventDefault: () => (swallowed = true), stopImmediatePropagation: () => {}, ...init };
    listeners.get(type)?.(event as unknown as Event);
    return !swallowed;
  };
  return { send, later: (ms: number) => (time += ms), stop, listeners };
}

describe("a newly shown dialog ignores input aimed at what was there before", () => {
  it("uses a 500 ms interval, the common double-click time", () => {
    expect(DEFAULT_PROTECTION_INTERVAL).toBe(500);
  });

  it("the second click of a double-click (150 ms) is ignored; a deliberate press later counts", () => {
    const { send, later } = setup();
    later(150);
    expect(send("pointerdown")).toBe(false);
    expect(send("click", { detail: 2, pointerType: "mouse" })).toBe(false);
    later(400);
    expect(send("pointerdown")).toBe(true);
    expect(send("click", { detail: 1, pointerType: "mouse" })).toBe(true);
  });

  it("a click whose press began before the dialog appeared is ignored, even after the interval", () => {
    const { send, later } = setup();
    later(600);
    expect(send("click", { detail: 1, pointerType: "mouse" })).toBe(false);
    expect(send("click", { detail: 1, pointerType: "touch" })).toBe(false);
    // Where clicks are plain MouseEvents, `detail` tells a pointer's click.
    expect(send("click", { detail: 1 })).toBe(false);
  });

  it("Enter, Escape and close requests within the interval are ignored", () => {
    const { send, later } = setup();
    later(100);
    expect(send("keydown", { code: "Enter", key: "Enter" })).toBe(false);
    expect(send("keydown", { code: "Escape", key: "Escape" })).toBe(false);
    expect(send("cancel")).toBe(false);
    // A submit is judged by the click or key that caused it (the browser marks even a script's as trusted).
    expect(send("submit")).toBe(true);
    later(500);
    expect(send("keyup", { code: "Enter" })).toBe(false);
    expect(send("keydown", { code: "Enter", key: "Enter" })).toBe(true);
    expect(send("keyup", { code: "Enter" })).toBe(true);
  });

  it("a key held down since before the dialog appeared stays ignored, auto-repeat and release included", () => {
    const { send, later } = setup();
    later(2000);
    expect(send("keydown", { code: "Enter", repeat: true })).toBe(false);
    expect(send("keyup", { code: "Space" })).toBe(false);
    expect(send("keydown", { code: "KeyA" })).toBe(true);
    expect(send("keydown", { code: "KeyA", repeat: true })).toBe(true);
  });

  it("after the interval, a click from the keyboard or a screen reader (no pointer type) counts", () => {
    const { send, later } = setup();
    later(600);
    expect(send("click", { detail: 0, pointerType: "" })).toBe(true);
    expect(send("click", { detail: 1, pointerType: "" })).toBe(true);
    expect(send("click", { detail: 0 })).toBe(true);
  });

  it("judges only the person's input, and stops when asked", () => {
    const { send, stop, listeners } = setup();
    expect(send("click", { detail: 1, isTrusted: false })).toBe(true);
    stop();
    expect(listeners.size).toBe(0);
  });

  it("judging Enter only (a form's new step), typing counts at once while Enter and clicks wait", () => {
    const { send, later } = setup(DEFAULT_PROTECTION_INTERVAL, ["Enter"]);
    later(100);
    expect(send("keydown", { code: "KeyO", key: "o" })).toBe(true);
    expect(send("keyup", { code: "KeyO", key: "o" })).toBe(true);
    expect(send("keydown", { code: "Space", key: " " })).toBe(true);
    expect(send("keydown", { code: "Enter", key: "Enter" })).toBe(false);
    expect(send("click", { detail: 0, pointerType: "" })).toBe(false);
    later(500);
    // The Enter that showed this step, released here, and its auto-repeat stay ignored.
    expect(send("keydown", { code: "Enter", key: "Enter", repeat: true })).toBe(false);
    expect(send("keyup", { code: "Enter", key: "Enter" })).toBe(false);
    expect(send("keydown", { code: "Enter", key: "Enter" })).toBe(true);
  });

  it("judges a press by when it was made: one made 150 ms in, handed over after a long task, is ignored", () => {
    const { send, later } = setup();
    const pressedAt = 1150;
    later(900);
    expect(send("pointerdown", { timeStamp: pressedAt })).toBe(false);
    expect(send("click", { detail: 1, pointerType: "mouse", timeStamp: pressedAt + 60 })).toBe(false);
    expect(send("keydown", { code: "Escape", key: "Escape", timeStamp: pressedAt })).toBe(false);
    expect(send("cancel", { timeStamp: pressedAt })).toBe(false);
    // Made after the interval, it counts however late it arrives.
    expect(send("keydown", { code: "Enter", key: "Enter", timeStamp: 1600 })).toBe(true);
  });

  it("counts from when it is drawn: nothing counts before, however long a busy page takes to draw it", () => {
    let draw = () => {};
    const { send, later } = setup(DEFAULT_PROTECTION_INTERVAL, undefined, (drawn) => ((draw = drawn), () => {}));
    later(1500);
    expect(send("pointerdown", { timeStamp: 1700 })).toBe(false);
    expect(send("keydown", { code: "Enter", key: "Enter", timeStamp: 1800 })).toBe(false);
    draw();
    later(400);
    expect(send("keydown", { code: "KeyA", key: "a", timeStamp: 2400 })).toBe(false);
    later(200);
    expect(send("pointerdown", { timeStamp: 3000 })).toBe(true);
  });

  it("a time from another clock (later than now) is not believed: the press is judged by when it arrives", () => {
    const { send, later } = setup();
    later(100);
    expect(send("keydown", { code: "Enter", key: "Enter", timeStamp: Date.now() })).toBe(false);
    later(500);
    expect(send("keydown", { code: "Enter", key: "Enter", timeStamp: Date.now() })).toBe(true);
  });

  it("0 turns it off", () => {
    const { send } = setup(0);
    expect(send("pointerdown")).toBe(true);
    expect(send("click", { detail: 1, pointerType: "mouse" })).toBe(true);
  });
});
