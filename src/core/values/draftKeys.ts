// The keys drafts are filed under: one question, one key. The queue makes one for a request of this
// page; the relay connection makes one from the relay's request id, which only that request's person
// is ever given, so a page can look up no draft but its own person's.

/** Where a request of this page files its draft: never found again after a reload, so never stored. */
export const PAGE_DRAFT_PREFIX = "page:";

/** Where a relay's request files its draft: the only drafts written to storage. */
export const RELAY_DRAFT_PREFIX = "relay:";

/** The `sessionStorage` key a draft store with `storage: "session"` writes under by default. */
export const DRAFT_STORAGE_KEY = "react-mcp-elicitation:drafts";

/** The draft keys of one relay's requests all start with this. */
export function relayDraftPrefix(relayUrl: string): string {
  return `${RELAY_DRAFT_PREFIX}${relayUrl.length}:${relayUrl}:`;
}

/** A random token naming one queue's requests, so two queues (or two page loads) never share a key. */
export function pageDraftPrefix(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `${PAGE_DRAFT_PREFIX}${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}:`;
}
