// What the element's attributes ask for, read and checked without React or the DOM: the element
// draws with the valid ones and reports each wrong one by name, never a blank or a crash.
import type { ElicitationQueueEntry } from "../client/types";
import type { ElicitationLayout } from "../form/useElicitationLayout";
import type { TextDirection } from "../ui/TextDirection";

export interface OutletAttributes {
  relayUrl: string | undefined;
  presentation: "dialog" | "inline" | undefined;
  layout: ElicitationLayout | undefined;
  locale: string | undefined;
  dir: TextDirection | undefined;
  /** From `filter-context`: only entries whose `context` holds every one of these pairs. */
  context: ReadonlyArray<readonly [string, string]> | undefined;
  drafts: "memory" | "session" | "off" | undefined;
  titleBadge: boolean;
  /** False for `stop-asking="false"`: no "Stop asking" button. */
  stopAsking: boolean;
  /** One sentence per attribute that had a value it cannot take (the default is used instead). */
  problems: string[];
}

const PRESENTATIONS = ["dialog", "inline"] as const;
const LAYOUTS = ["form", "steps", "auto"] as const;
const DIRECTIONS = ["ltr", "rtl"] as const;
const DRAFTS = ["memory", "session", "off"] as const;

function oneOf<T extends string>(name: string, value: string | null, allowed: readonly T[], problems: string[]): T | undefined {
  if (value === null || value === "") return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  problems.push(`${name}="${value.slice(0, 40)}" is not one of ${allowed.map((a) => `"${a}"`).join(", ")}; the default is used.`);
  return undefined;
}

/** Reads the attributes through `get` (an element's `getAttribute`). */
export function readOutletAttributes(get: (name: string) => string | null): OutletAttributes {
  const problems: string[] = [];
  const relayUrl = get("relay-url")?.trim() || undefined;
  const locale = get("locale")?.trim() || undefined;
  let context: [string, string][] | undefined;
  const filterContext = get("filter-context");
  if (filterContext !== null && filterContext.trim() !== "") {
    // As a query string: "chatId=c1&toolCallId=t7" (values percent-encoded when they need it).
    context = [...new URLSearchParams(filterContext.trim())].filter(([key]) => key !== "");
    if (context.length === 0) {
      problems.push(`filter-context="${filterContext.slice(0, 40)}" names no key (write it as "chatId=…&toolCallId=…"); every request is shown.`);
      context = undefined;
    }
  }
  const titleBadge = get("title-badge");
  return {
    relayUrl,
    presentation: oneOf("presentation", get("presentation"), PRESENTATIONS, problems),
    layout: oneOf("layout", get("layout"), LAYOUTS, problems),
    locale,
    dir: oneOf("dir", get("dir"), DIRECTIONS, problems),
    context,
    drafts: oneOf("drafts", get("drafts"), DRAFTS, problems),
    titleBadge: titleBadge !== null && titleBadge !== "false",
    stopAsking: get("stop-asking") !== "false",
    problems,
  };
}

/** True when `entry.context` holds every pair of `context`. */
export function matchesContext(entry: ElicitationQueueEntry, context: ReadonlyArray<readonly [string, string]>): boolean {
  return context.every(([key, value]) => entry.context?.[key] === value);
}
