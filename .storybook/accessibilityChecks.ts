// Checks beyond axe, run after every story (and its play function) in the browser:
// visible labels, errors announced and linked to their field, ids that exist, 24×24 targets.
// Each returns plain-words problems; an empty list means the story passes.

const CONTROLS = 'input:not([type="hidden"]), select, textarea';
const TARGETS = 'button, input:not([type="hidden"]), select, textarea, label.rme-option, a[href]';
/** WCAG 2.5.8: at least 24 by 24 CSS pixels. */
export const MIN_TARGET = 24;

function describe(element: Element): string {
  const id = element.id ? `#${element.id}` : "";
  const name = element.getAttribute("name");
  const text = (element.textContent ?? "").trim().slice(0, 40);
  return `<${element.tagName.toLowerCase()}${id}${name ? ` name="${name}"` : ""}>${text ? ` "${text}"` : ""}`;
}

function isRendered(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== "hidden";
}

/** Shown to sighted people: rendered, with text, and not clipped to a visually-hidden pixel. */
function isVisibleText(element: Element): boolean {
  if (!isRendered(element) || !(element.textContent ?? "").trim()) return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 1 && rect.height > 1;
}

function idsOf(element: Element | null, attribute: string): string[] {
  return (element?.getAttribute(attribute) ?? "").split(/\s+/).filter(Boolean);
}

/** Every control has a label people can see; every group a visible legend; every button visible text. */
export function checkVisibleLabels(root: ParentNode): string[] {
  const problems: string[] = [];
  for (const control of root.querySelectorAll<HTMLInputElement>(CONTROLS)) {
    if (!isRendered(control)) continue;
    const labels = [...(control.labels ?? [])];
    const labelledBy = idsOf(control, "aria-labelledby").map((id) => control.ownerDocument.getElementById(id));
    if (![...labels, ...labelledBy].some((label) => label && isVisibleText(label))) {
      problems.push(`${describe(control)} has no visible label`);
    }
  }
  for (const fieldset of root.querySelectorAll("fieldset")) {
    const legend = fieldset.querySelector(":scope > legend");
    if (!legend || !isVisibleText(legend)) problems.push(`${describe(fieldset)} has no visible legend`);
  }
  for (const button of root.querySelectorAll("button")) {
    if (isRendered(button) && !isVisibleText(button)) problems.push(`${describe(button)} has no visible text`);
  }
  return problems;
}

function isAnnounced(element: Element): boolean {
  return element.closest('[role="alert"], [role="status"], [aria-live="polite"], [aria-live="assertive"]') !== null;
}

/**
 * Every invalid field (or its group) is described by an error that exists, shows text and is
 * announced; every shown error belongs to some field; every referenced id exists.
 */
export function checkErrorsLinked(root: ParentNode): string[] {
  const problems: string[] = [];
  const doc = (root as Node).ownerDocument ?? (root as Document);
  for (const element of root.querySelectorAll("[aria-describedby], [aria-labelledby], label[for]")) {
    for (const attribute of ["aria-describedby", "aria-labelledby", "for"]) {
      for (const id of idsOf(element, attribute)) {
        if (!doc.getElementById(id)) problems.push(`${describe(element)} ${attribute} points at #${id}, which does not exist`);
      }
    }
  }
  for (const invalid of root.querySelectorAll('[aria-invalid="true"]')) {
    const describers = [invalid, invalid.closest("fieldset")].flatMap((element) => idsOf(element, "aria-describedby"));
    const errors = describers.map((id) => doc.getElementById(id)).filter((element): element is HTMLElement => element !== null);
    const announced = errors.find((error) => isVisibleText(error) && isAnnounced(error));
    if (!announced) problems.push(`${describe(invalid)} is invalid but not described by a visible, announced error`);
  }
  for (const error of root.querySelectorAll(".rme-field__error")) {
    if (!isAnnounced(error)) problems.push(`error ${describe(error)} is not announced (no role=alert or live region)`);
    const linked = error.id && root.querySelector(`[aria-describedby~="${CSS.escape(error.id)}"]`);
    if (!linked) problems.push(`error ${describe(error)} is not linked to its field`);
  }
  return problems;
}

/** Every button, input, select, textarea and option label is at least 24×24 CSS px. */
export function checkTargetSizes(root: ParentNode): string[] {
  const problems: string[] = [];
  for (const target of root.querySelectorAll(TARGETS)) {
    if (!isRendered(target)) continue;
    const { width, height } = target.getBoundingClientRect();
    // Sub-pixel layout may land a 1.5rem box at 23.99px.
    if (width < MIN_TARGET - 0.05 || height < MIN_TARGET - 0.05) {
      problems.push(`${describe(target)} is ${width.toFixed(1)}×${height.toFixed(1)} px, under ${MIN_TARGET}×${MIN_TARGET}`);
    }
  }
  return problems;
}

export function runDomChecks(root: ParentNode): string[] {
  return [...checkVisibleLabels(root), ...checkErrorsLinked(root), ...checkTargetSizes(root)];
}

/** The WCAG 2.2 A and AA rule set axe runs on every story. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Text contrast in the other theme: the same story, restyled dark the way a host would
 * (data-theme="dark" on the page around it, a dark page), checked by axe's color-contrast rule.
 */
export async function checkContrastInDarkTheme(root: Element, page: { background: string; color: string }): Promise<string[]> {
  const wrapper = root.querySelector<HTMLElement>(".sb-page") ?? (root as HTMLElement);
  const saved = { theme: wrapper.getAttribute("data-theme"), background: wrapper.style.background, color: wrapper.style.color };
  // Dialogs sit in document.body, outside the wrapper: the page's root carries the theme for them.
  const html = root.ownerDocument.documentElement;
  const savedRootTheme = html.getAttribute("data-theme");
  html.setAttribute("data-theme", "dark");
  wrapper.setAttribute("data-theme", "dark");
  wrapper.style.background = page.background;
  wrapper.style.color = page.color;
  try {
    const axe = (await import("axe-core")).default;
    const result = await axe.run(root, { runOnly: { type: "rule", values: ["color-contrast"] }, resultTypes: ["violations"] });
    return result.violations.flatMap((violation) =>
      violation.nodes.map((node) => `dark theme: ${(node.failureSummary ?? "").split("\n").slice(1).join(" ").trim()} at ${node.target.join(" ")}`),
    );
  } finally {
    if (savedRootTheme === null) html.removeAttribute("data-theme");
    else html.setAttribute("data-theme", savedRootTheme);
    if (saved.theme === null) wrapper.removeAttribute("data-theme");
    else wrapper.setAttribute("data-theme", saved.theme);
    wrapper.style.background = saved.background;
    wrapper.style.color = saved.color;
  }
}
