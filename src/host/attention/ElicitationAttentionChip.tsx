import { useEffect, useMemo, useState, useSyncExternalStore, type CSSProperties } from "react";
import { fillTemplate } from "../../messages/fillTemplate";
import { resolveMessages, type ElicitationMessagesInput } from "../../messages/resolveMessages";
import { useLocaleMessages } from "../../messages/useLocaleMessages";
import type { ElicitationQueue } from "../../client/types";
import { bringCardIntoView, cardIsAbove, scrollContainerOf, visibleAreaOf } from "./inlineCard";
import { usePageView } from "./usePageView";
import type { TextDirection } from "../../ui/TextDirection";

export interface ElicitationAttentionChipProps {
  queue: ElicitationQueue;
  /** Replacement UI strings (`attentionQuestion`). */
  messages?: ElicitationMessagesInput;
  /** BCP 47 language of the wording, as on the outlet. */
  locale?: string;
  dir?: TextDirection;
  className?: string;
}

/** Gap between the chip and the edge of the visible thread, in CSS pixels. */
const EDGE_GAP = 12;

interface Edge {
  above: boolean;
  style: CSSProperties;
}

/** Where the chip sits: centred on the visible part of the card's thread, at the edge on the card's side. */
function edgeOf(card: HTMLElement): Edge {
  const area = visibleAreaOf(scrollContainerOf(card));
  const above = cardIsAbove(card);
  const viewportHeight = document.documentElement.clientHeight || window.innerHeight;
  return {
    above,
    style: {
      position: "fixed",
      left: (area.left + area.right) / 2,
      ...(above ? { top: area.top + EDGE_GAP } : { bottom: viewportHeight - area.bottom + EDGE_GAP }),
    },
  };
}

/**
 * "Question from GitHub ↓": drawn while the inline card of the request on screen is scrolled out of
 * view, at the edge of the thread it is in; activating it scrolls the card into view. A button in
 * the page's tab order where the host places it (next to its thread); it moves no focus and answers
 * nothing. Draws nothing for a modal dialog, or while the card is in view.
 */
export function ElicitationAttentionChip({ queue, messages, locale, dir, className }: ElicitationAttentionChipProps) {
  const { card, cardInView } = usePageView(queue);
  const current = useSyncExternalStore(queue.subscribe, () => queue.getSnapshot().current, () => undefined);
  const catalogue = useLocaleMessages(locale, messages);
  const words = useMemo(() => catalogue && resolveMessages(messages, catalogue), [messages, catalogue]);
  const away = card !== undefined && cardInView === false && current !== undefined;
  const edge = useEdge(away ? card : undefined);
  if (!away || words === undefined || edge === undefined) return null;
  return (
    <button
      type="button"
      className={["rme-attention", "rme-attention__chip", className].filter(Boolean).join(" ")}
      data-direction={edge.above ? "up" : "down"}
      lang={locale}
      dir={dir}
      style={edge.style}
      onClick={() => bringCardIntoView(card)}
    >
      {`${fillTemplate(words.attentionQuestion, { server: current.serverName })} ${edge.above ? "↑" : "↓"}`}
    </button>
  );
}

/** The chip's place and arrow, kept at the thread's edge as the page scrolls or resizes. */
function useEdge(card: HTMLElement | undefined): Edge | undefined {
  const [edge, setEdge] = useState<Edge>();
  useEffect(() => {
    if (card === undefined) return setEdge(undefined);
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setEdge(edgeOf(card)));
    };
    setEdge(edgeOf(card));
    window.addEventListener("resize", place);
    // Capture: a scroll of any container (the thread's, the page's) moves the visible edge.
    document.addEventListener("scroll", place, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", place);
      document.removeEventListener("scroll", place, { capture: true });
    };
  }, [card]);
  return edge;
}
