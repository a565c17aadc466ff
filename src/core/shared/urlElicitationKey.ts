/** A key for one URL-mode elicitation (here, and for its step on the queue): its id is unique only per server (and, on a relay, per person). Each part is length-prefixed, so no two lists of parts share a key. */
export const urlElicitationKey = (...parts: string[]): string => parts.map((part) => `${part.length}:${part}`).join("");
