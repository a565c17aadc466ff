import type { Decorator } from "@storybook/react-vite";

/** The page a host would draw around the library: light, or dark with `data-theme="dark"`. */
export const PAGE_COLOURS = {
  light: { background: "#ffffff", color: "#1a1d21" },
  dark: { background: "#0f1115", color: "#eef0f3" },
} as const;

/**
 * Applies the `theme` toolbar global (or a story's `globals: { theme }`) the way a host would:
 * `data-theme="dark"` on an ancestor and a page background to match.
 */
export const withTheme: Decorator = (Story, context) => {
  const theme = context.globals.theme === "dark" ? "dark" : "light";
  // Dialogs render into document.body, outside this wrapper: the theme goes on the root too, as hosts set it.
  if (theme === "dark") document.documentElement.setAttribute("data-theme", "dark");
  else document.documentElement.removeAttribute("data-theme");
  return (
    <div
      className="sb-page"
      data-theme={theme === "dark" ? "dark" : undefined}
      style={{ ...PAGE_COLOURS[theme], padding: "1rem", minHeight: "100vh", boxSizing: "border-box", fontFamily: "system-ui, sans-serif" }}
    >
      <Story />
    </div>
  );
};
