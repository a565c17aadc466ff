import { act, render } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it, vi } from "vitest";
import { useCallbackRef } from "../../src/ui/useCallbackRef";

function Probe({ onEvent, seen }: { onEvent?: (value: string) => void; seen: Array<(value: string) => void> }) {
  const stable = useCallbackRef(onEvent);
  useEffect(() => {
    seen.push(stable);
  }, [stable]);
  return <button onClick={() => stable("clicked")}>Go</button>;
}

describe("useCallbackRef", () => {
  it("calls the callback of the latest render through one stable function", () => {
    const first = vi.fn();
    const second = vi.fn();
    const seen: Array<(value: string) => void> = [];
    const view = render(<Probe onEvent={first} seen={seen} />);
    view.rerender(<Probe onEvent={second} seen={seen} />);
    act(() => view.getByRole("button").click());
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith("clicked");
    expect(new Set(seen).size).toBe(1);
  });

  it("does nothing when no callback is given", () => {
    const view = render(<Probe seen={[]} />);
    expect(() => act(() => view.getByRole("button").click())).not.toThrow();
  });
});
