/**
 * Runs `callback` once the browser has painted the next frame (a task queued from that frame's
 * animation callback runs after its paint); returns a function that cancels it. Where there are no
 * frames (a page in the background, a test DOM without them) it runs in a task of its own.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== "function") {
    timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
