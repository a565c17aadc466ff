// What a push carries from the server to the person's service worker: one home for both sides.

/** Marks a push as a question's notice, so a host's worker can tell it from its own pushes. */
export const ELICITATION_PUSH_KIND = "mcp-elicitation";

/** What the push route (`push.handle`) answers a GET with: the key a page subscribes under. */
export interface ElicitationPushKeyReply {
  /** The host's VAPID public key (base64url). */
  publicKey: string;
}

/** Answers a notice offers, at most: one yes/no, or one choice of at most this many. */
export const ELICITATION_PUSH_CHOICES = 3;

/** Characters of a choice's title a notification shows, at most. */
const CHOICE_TITLE_LENGTH = 100;

/**
 * One answer a notification offers as an action: the words on it, and the answer it sends. Its
 * value is one the server's schema offered (true, false, an enum's value), never anything typed.
 */
export interface ElicitationPushChoice {
  title: string;
  result: { action: "accept"; content: Record<string, string | boolean> };
}

/** A notice as pushed: who asks and what, and where pressing it leads. Never a field's default or an answer. */
export interface ElicitationPushPayload {
  kind: typeof ELICITATION_PUSH_KIND;
  id: string;
  serverName: string;
  message: string;
  /** The host's page of that question. */
  url: string;
  /** For the simplest questions, the answers the notification may offer as actions. */
  choices?: ElicitationPushChoice[];
}

/** The choices as pushed when they are all well formed (one field, all of them), else undefined. */
export function readElicitationPushChoices(value: unknown): ElicitationPushChoice[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > ELICITATION_PUSH_CHOICES) return undefined;
  let field: string | undefined;
  const choices: ElicitationPushChoice[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== "object" || item === null) return undefined;
    const { title, result } = item as Record<string, unknown>;
    if (typeof title !== "string" || typeof result !== "object" || result === null) return undefined;
    const { action, content } = result as Record<string, unknown>;
    if (action !== "accept" || typeof content !== "object" || content === null || Array.isArray(content)) return undefined;
    const entries = Object.entries(content);
    if (entries.length !== 1) return undefined;
    const [[key, answer]] = entries as [[string, unknown]];
    if ((field !== undefined && key !== field) || (typeof answer !== "string" && typeof answer !== "boolean")) return undefined;
    field = key;
    choices.push({ title: title.slice(0, CHOICE_TITLE_LENGTH), result: { action, content: { [key]: answer } } });
  }
  return choices;
}

/** The payload of a push if it is a question's notice, else undefined. Choices not well formed are left out. */
export function readElicitationPush(value: unknown): ElicitationPushPayload | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { kind, id, serverName, message, url, choices } = value as Record<string, unknown>;
  if (kind !== ELICITATION_PUSH_KIND) return undefined;
  if (typeof id !== "string" || typeof serverName !== "string" || typeof message !== "string" || typeof url !== "string") return undefined;
  const read = readElicitationPushChoices(choices);
  return { kind, id, serverName: serverName.slice(0, 200), message: message.slice(0, 280), url, ...(read === undefined ? {} : { choices: read }) };
}
