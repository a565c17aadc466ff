// The title badge as text: "(2) Chat" from the host's "Chat", and the host's title back from
// whatever the tab shows now. Pure, so the exact restoring is tested without a document.
import { fillTemplate } from "../../messages/fillTemplate";

/** The host's title with the number of waiting requests, through the `attentionTitleBadge` template ("({count}) {title}"). */
export function badgedTitle(hostTitle: string, count: number, template: string): string {
  if (count <= 0) return hostTitle;
  return fillTemplate(template, { count: String(count), title: hostTitle });
}

/**
 * The host's own title, read from what the tab shows. Only what the library wrote is taken off:
 * what we wrote means the host's title has not changed; what we wrote with more after it (or before
 * it) is the host's title with that added (`document.title = document.title + " · 2 new"`); anything
 * else is the host's new title as it is, even when it looks like a badge ("(1) New chat", its own count).
 */
export function hostTitleOf(shown: string, written: { title: string; hostTitle: string } | undefined): string {
  if (written === undefined) return shown;
  if (shown === written.title) return written.hostTitle;
  if (written.title !== "" && shown.startsWith(written.title)) return written.hostTitle + shown.slice(written.title.length);
  if (written.title !== "" && shown.endsWith(written.title)) return shown.slice(0, shown.length - written.title.length) + written.hostTitle;
  return shown;
}
