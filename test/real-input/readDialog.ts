/**
 * A person reads a dialog that has just appeared before acting on it: longer than the 500 ms in which
 * a new dialog ignores real input (see SECURITY.md), so tests with real input wait this long first.
 */
export const readDialog = () => new Promise<void>((resolve) => setTimeout(resolve, 600));
