// Finding the inline card of a queue entry and bringing it into view. DOM, no React.

/** The inline card (`<ElicitationOutlet presentation="inline">`) drawing the request from `serverName`, if one is in the page. */
export function findInlineCard(serverName: string, root: ParentNode = document): HTMLElement | undefined {
  const cards = root.querySelectorAll<HTMLElement>('.rme-dialog[data-presentation="inline"]');
  for (const card of cards) {
    // The card's title holds the host's name for the server (a page may have one outlet per queue).
    const titleId = card.getAttribute("aria-labelledby");
    const title = titleId ? card.ownerDocument.getElementById(titleId) : null;
    if (title?.textContent?.includes(serverName)) return card;
  }
  // A host's own `dialogTitle` may leave the name out: a single card is the one.
  return cards.length === 1 ? cards[0] : undefined;
}

/** A modal dialog of the library is open: the request is in front of the person. */
export function dialogOpen(root: ParentNode = document): boolean {
  return root.querySelector(".rme-dialog:not([data-presentation])") !== null;
}

/** The nearest ancestor that scrolls vertically (a chat thread), or null for the page itself. */
export function scrollContainerOf(element: Element): HTMLElement | null {
  for (let node = element.parentElement; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === "auto" || overflowY === "scroll" || overflowY === "overlay") && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

export interface VisibleArea {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The part of the scroll container (or of the page) that is on screen, in viewport coordinates. */
export function visibleAreaOf(container: HTMLElement | null): VisibleArea {
  const viewport = { top: 0, left: 0, bottom: document.documentElement.clientHeight || window.innerHeight, right: document.documentElement.clientWidth || window.innerWidth };
  if (container === null) return viewport;
  const rect = container.getBoundingClientRect();
  return {
    top: Math.max(viewport.top, rect.top),
    bottom: Math.min(viewport.bottom, rect.bottom),
    left: Math.max(viewport.left, rect.left),
    right: Math.min(viewport.right, rect.right),
  };
}

/**
 * Scrolls the card into view, its top first when it is taller than the visible thread; moves no
 * focus (a field never receives it). Smooth unless the person asked for reduced motion, or `instant`
 * (a tab just brought forward, which may not draw frames yet).
 */
export function bringCardIntoView(card: HTMLElement, instant = false): void {
  const area = visibleAreaOf(scrollContainerOf(card));
  const tall = card.getBoundingClientRect().height > area.bottom - area.top;
  const reduce = instant || (typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches);
  card.scrollIntoView({ block: tall ? "start" : "nearest", inline: "nearest", behavior: reduce ? "auto" : "smooth" });
}

/** The card is above the visible part of its thread (else below, or in view). */
export function cardIsAbove(card: HTMLElement): boolean {
  return card.getBoundingClientRect().top < visibleAreaOf(scrollContainerOf(card)).top;
}
