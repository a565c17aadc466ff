// The order of events each kind of pointer brings, on a controlled clock: a blur check waits until the
// click that the press or tap was for has run — with a finger the blur (at the emulated mousedown)
// comes after the finger lifted — and never longer than a short while when no click comes.
// The same in Chromium with real taps: test/real-input/touch.browser-test.tsx.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterPointerRelease, trackPointerPresses } from "../../src/ui/afterPointerRelease";

let stop: () => void;
beforeEach(() => {
  vi.useFakeTimers();
  stop = trackPointerPresses(document);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

const fire = (type: string, pointerType = "touch") => {
  const event = new Event(type, { bubbles: true });
  Object.assign(event, { pointerId: 1, pointerType });
  document.body.dispatchEvent(event);
};

describe("a blur check waits for the activation that caused it", () => {
  it("a tap: the blur comes after the finger lifted, and the check runs only once the click has run", () => {
    const check = vi.fn();
    fire("pointerdown");
    fire("pointerup");
    vi.advanceTimersByTime(50); // the tap's mouse events come in a later task
    afterPointerRelease(document, check); // blur at the emulated mousedown
    fire("click");
    expect(check).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("a mouse press: the check waits through the press and runs after the click", () => {
    const check = vi.fn();
    fire("pointerdown", "mouse");
    afterPointerRelease(document, check);
    vi.advanceTimersByTime(150);
    fire("pointerup", "mouse");
    vi.advanceTimersByTime(0);
    expect(check).not.toHaveBeenCalled();
    fire("click", "mouse");
    vi.advanceTimersByTime(0);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("a press that brings no click (a long press) still shows the error, a moment later", () => {
    const check = vi.fn();
    fire("pointerdown");
    afterPointerRelease(document, check);
    fire("pointerup");
    vi.advanceTimersByTime(700);
    expect(check).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("a touch the browser takes over for a scroll (pointercancel) frees the check at once", () => {
    const check = vi.fn();
    fire("pointerdown");
    afterPointerRelease(document, check);
    fire("pointercancel");
    vi.advanceTimersByTime(0);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("with no press under way (a Tab away) the check runs at once; a finished tap leaves nothing behind", () => {
    const first = vi.fn();
    afterPointerRelease(document, first);
    expect(first).toHaveBeenCalledTimes(1);
    fire("pointerdown");
    fire("pointerup");
    fire("click");
    vi.advanceTimersByTime(0);
    const second = vi.fn();
    afterPointerRelease(document, second);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
