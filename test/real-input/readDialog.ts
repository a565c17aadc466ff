/**
 * A person reads a dialog that has just appeared before acting on it: longer than the 500 ms in which
 * a new dialog ignores real input (see SECURITY.md), counted from when it is drawn (the next frame),
 * so tests with real input wait this long first.
 */
export const readDialog = async () => {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise<void>((resolve) => setTimeout(resolve, 600));
};
