// The element brings its styles: a stylesheet adopted by the document (where the dialog is drawn) and by
// the shadow root the element sits in when a host puts it in one. Two of them: the element's own rule
// (a block: a custom element is inline until told otherwise), adopted as it connects, and the shipped
// stylesheet, which comes with what draws and is adopted before the first card is drawn, so nothing
// shows unstyled. A page that also links styles.css gets the same rules twice.

/** The element's own rule, adopted up front. */
export const ELEMENT_RULES = "mcp-elicitation-outlet{display:block}";

export interface OutletStyles {
  /** Adopts the stylesheet in `root` (the document or a shadow root), once per root. */
  adoptIn(root: Document | ShadowRoot): void;
}

/** One stylesheet of `text`, made at its first adoption. */
export function createOutletStyles(text: string): OutletStyles {
  let sheet: CSSStyleSheet | undefined;
  return {
    adoptIn(root) {
      sheet ??= new CSSStyleSheet();
      if (sheet.cssRules.length === 0) sheet.replaceSync(text);
      if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    },
  };
}
