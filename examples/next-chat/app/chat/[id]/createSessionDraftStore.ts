// Drafts that survive a reload: the library's draft store (which never keeps sensitive fields),
// mirrored into sessionStorage (this tab only, gone when it closes).
import { createElicitationDraftStore, type ElicitationDraftStore, type FormValues } from "react-mcp-elicitation";

const PREFIX = "elicitation-draft:";

export function createSessionDraftStore(): ElicitationDraftStore {
  const memory = createElicitationDraftStore();
  const key = (serverName: string, cacheKey: string) => PREFIX + JSON.stringify([serverName, cacheKey]);
  const stored = (serverName: string, cacheKey: string): FormValues | undefined => {
    const text = sessionStorage.getItem(key(serverName, cacheKey));
    return text ? (JSON.parse(text) as FormValues) : undefined;
  };
  return {
    get: (serverName, cacheKey) => memory.get(serverName, cacheKey) ?? stored(serverName, cacheKey),
    set(serverName, cacheKey, values, fields) {
      memory.set(serverName, cacheKey, values, fields);
      // What the library kept (sensitive fields left out), not what was given.
      const kept = memory.get(serverName, cacheKey);
      if (kept) sessionStorage.setItem(key(serverName, cacheKey), JSON.stringify(kept));
    },
    delete(serverName, cacheKey) {
      memory.delete(serverName, cacheKey);
      sessionStorage.removeItem(key(serverName, cacheKey));
    },
    clear() {
      memory.clear();
      for (const name of Object.keys(sessionStorage)) if (name.startsWith(PREFIX)) sessionStorage.removeItem(name);
    },
    get size() {
      return memory.size;
    },
  };
}
