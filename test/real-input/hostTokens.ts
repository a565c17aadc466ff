// A host's own theme, as hosts write it: a plain `.rme-dialog { --rme-accent: … }`, a rule of its own on
// a part (one element more than the library's two classes), and generic element rules, in a sheet placed
// before the library's (the worst order: the host's main.css imported first).
// Both hostTokens browser tests (the React outlet, the element) read Submit's colours against it.
export const HOST_ACCENT = { light: "rgb(179, 38, 30)", dark: "rgb(255, 180, 171)" } as const;
export const HOST_ACCENT_FG = { light: "rgb(255, 255, 255)", dark: "rgb(65, 0, 2)" } as const;

const HOST_SHEET = `
.rme-dialog {
  --rme-accent: light-dark(${HOST_ACCENT.light}, ${HOST_ACCENT.dark});
  --rme-accent-fg: light-dark(${HOST_ACCENT_FG.light}, ${HOST_ACCENT_FG.dark});
}
body .rme-dialog .rme-button--primary { border-top-left-radius: 0px; }
button { background-color: hotpink; color: black; border: 3px dashed green; }
`;

/** Puts the host's sheet first in <head>, ahead of every other; returns a remover. */
export function addHostSheet(): () => void {
  const style = document.createElement("style");
  style.textContent = HOST_SHEET;
  document.head.prepend(style);
  return () => style.remove();
}

/** Submit's background, text colour, border and top-left corner. */
export function submitColours(root: ParentNode): { background: string; text: string; border: string; corner: string } {
  const submit = [...root.querySelectorAll<HTMLButtonElement>("button")].find((button) => button.textContent === "Submit");
  if (submit === undefined) throw new Error("no Submit button");
  const style = getComputedStyle(submit);
  return { background: style.backgroundColor, text: style.color, border: style.borderTopStyle, corner: style.borderTopLeftRadius };
}
