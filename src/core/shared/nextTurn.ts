/**
 * Resolves on a later turn of the event loop, after what waits (I/O, timers) has run: `setImmediate`
 * where the runtime has one (Node, Bun: no timer's minimum delay, and a process with work left does
 * not sleep, which on a busy machine costs it its core), else a zero-delay timer (browsers).
 */
export function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (run: () => void) => unknown }).setImmediate;
  return new Promise((resolve) => (immediate === undefined ? setTimeout(resolve, 0) : immediate(resolve)));
}
