// The title badge as text: "(2) Chat" from the host's "Chat", and the host's title back from
// whatever the tab shows now. Pure, so the exact restoring is tested without a document.
import { fillTemplate } from "../../messages/fillTemplate";

/** The host's title with the number of waiting requests, through the `attentionTitleBadge` template ("({count}) {title}"). */
export function badgedTitle(hostTitle: string, count: number, template: string): string {
  if (count <= 0) return hostTitle;
  return fillTemplate(template, { count: String(count), title: hostTitle });
}

/**
 * The host's own title, read from what the tab shows: what we wrote means the host's title has not
 * changed; anything else is the host's new title, minus a badge it may have copied along
 * (`document.title = document.title + " · 2 new"`).
 */
export function hostTitleOf(shown: string, written: { title: string; hostTitle: string; count: number } | undefined, template: string): string {
  if (written === undefined) return shown;
  if (shown === written.title) return written.hostTitle;
  const [before, after = ""] = fillTemplate(template, { count: String(written.count) }).split("{title}");
  if (before !== undefined && (before !== "" || after !== "") && shown.startsWith(before) && shown.endsWith(after) && shown.length >= before.length + after.length) {
    return shown.slice(before.length, shown.length - after.length);
  }
  return shown;
}
