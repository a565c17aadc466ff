import type { Preview } from "@storybook/react-vite";
import "../src/styles.css";
import { checkContrastInDarkTheme, runDomChecks, WCAG_TAGS } from "./accessibilityChecks";
import { PAGE_COLOURS, withTheme } from "./withTheme";
import { configure } from "storybook/test";

// Engine, steps and catalogue chunks load on demand; the first story of a cold run may wait for
// Vite to serve one. Queries and waitFor give them time, as a person would.
configure({ asyncUtilTimeout: 5_000 });

// Set by the Vitest plugin: the story runs as a test (CI, or the Storybook test panel).
const underTest = import.meta.env.VITEST_STORYBOOK !== undefined;

const preview: Preview = {
  parameters: {
    controls: { expanded: true },
    // axe on every story, WCAG 2.2 A and AA; in the test run a violation fails the story.
    // The whole page: dialogs render into document.body, outside the story's root.
    a11y: { test: "error", context: "body", options: { runOnly: { type: "tag", values: WCAG_TAGS } } },
  },
  globalTypes: {
    theme: {
      description: "Page theme",
      toolbar: { title: "Theme", icon: "mirror", items: ["light", "dark"], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: "light" },
  decorators: [withTheme],
  // Beyond axe, after every story and its play function: visible labels, errors announced and
  // linked, ids that exist, 24×24 targets; under test also text contrast in the dark theme.
  afterEach: async ({ canvasElement, viewMode, parameters }) => {
    if (viewMode !== "story" || parameters.a11y?.test === "off") return;
    // Measure the settled page, not a frame of the dialog's entrance animation (under test
    // Storybook already holds animations paused at their end).
    // The page's body: dialogs render there (a portal), not inside the story's root.
    const page = canvasElement.ownerDocument.body;
    const running = page.getAnimations({ subtree: true }).filter((animation) => animation.playState === "running");
    await Promise.all(running.map((animation) => animation.finished));
    const problems = runDomChecks(page);
    if (underTest) problems.push(...(await checkContrastInDarkTheme(page, PAGE_COLOURS.dark)));
    if (problems.length > 0) throw new Error(`Accessibility checks failed:\n- ${problems.join("\n- ")}`);
  },
  tags: ["autodocs"],
};

export default preview;
