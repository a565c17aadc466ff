// The element brings its styles: the shipped stylesheet, adopted by the document (where the dialog is
// drawn) and by the shadow root the element sits in when a host puts it in one, before the first card
// is drawn, so nothing shows unstyled. A page that also links styles.css gets the same rules twice.
import styles from "../styles.css?inline";

/** The element is a block (a custom element is inline until told otherwise). */
const ELEMENT_RULES = "mcp-elicitation-outlet{display:block}";

export interface OutletStyles {
  /** Adopts the stylesheet in `root` (the document or a shadow root), once per root. */
  adoptIn(root: Document | ShadowRoot): void;
}

export function createOutletStyles(): OutletStyles {
  let sheet: CSSStyleSheet | undefined;
  return {
    adoptIn(root) {
      sheet ??= new CSSStyleSheet();
      if (sheet.cssRules.length === 0) sheet.replaceSync(`${styles}\n${ELEMENT_RULES}`);
      if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    },
  };
}
