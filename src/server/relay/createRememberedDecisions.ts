// Decisions a person remembered: an accepted answer kept per person in the store (so every instance
// finds it), under a key that names the server, the form and, for "this chat", the chat. The form is
// its fingerprint: the server's `requestedSchema` (keys in any order, everything else as sent) and
// its message, exactly; any difference is another form, asked again. Never for a form with a
// sensitive field or a file, nor for URL mode: those are not offered, so nothing is kept for them.
// The store keeps small values per person (`keep` / `kept`): an index of the decisions, and each answer apart.
import { RELAY_REMEMBERED_KEY } from "../../core/relay/relayWire";
import { cutText } from "../../core/shared/excerpt";
import { isRecord } from "../../core/shared/ownProperty";
import type { ElicitationRememberScope, ElicitContent, ElicitResult, ParsedElicitationRequest } from "../../core/types";
import type { StoreGuard } from "../createStoreGuard";
import type { ElicitationRelayStore, RelayRecord } from "../ElicitationRelayStore";
import type { ElicitationRelayEvent, ElicitationRelayRemember, ElicitationRememberedDecision } from "../types";
import { NOTICE_MESSAGE_LENGTH } from "./createNotices";

/** Decisions kept per person at most; the oldest goes for a new one. */
export const REMEMBERED_PER_PERSON = 100;
/** Characters of an answer's JSON text a decision may hold; a longer answer is sent, not remembered. */
export const REMEMBERED_CONTENT_LENGTH = 64 * 1024;
// The person's decisions without their answers (listed, counted), and each answer under a kind of its
// own, so that finding one reads that one and nothing else.
const INDEX = "remembered";
const answerKind = (key: string) => `remembered:${key}`;
const ANSWER = "answer";

type Listed = Omit<ElicitationRememberedDecision, "key" | "content">;

export interface RememberedDecisions {
  /** The scopes offered for `request` with `context`; undefined when none (off, sensitive, files, URL mode, no chat). */
  offer(request: ParsedElicitationRequest, context: Readonly<Record<string, string>> | undefined): ElicitationRememberScope[] | undefined;
  /** The person's decision for this form among the `offered` scopes ("chat" first), if any. A store that fails finds none: the person is asked. */
  find(
    owner: string,
    serverName: string,
    params: unknown,
    context: Readonly<Record<string, string>> | undefined,
    offered: ElicitationRememberScope[],
  ): Promise<{ key: string; at: number; content: ElicitContent } | undefined>;
  /** Keeps `result` (an accept of `record`) for `scope`. */
  keep(record: RelayRecord, scope: ElicitationRememberScope, result: ElicitResult): Promise<void>;
  list(owner: string): Promise<ElicitationRememberedDecision[]>;
  forget(owner: string, key: string): Promise<boolean>;
}

/** JSON text with every object's keys sorted: the same schema written in another order is the same form. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

async function keyOf(scope: ElicitationRememberScope, serverName: string, chat: string | undefined, params: unknown): Promise<string> {
  const form = isRecord(params) ? { message: params.message, requestedSchema: params.requestedSchema } : {};
  const text = JSON.stringify([scope, serverName, chat ?? null, canonical(form)]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const base64 = btoa(String.fromCharCode(...digest));
  return `${scope}.${base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

function parse<T extends object>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

export function createRememberedDecisions({
  store,
  guard,
  emit,
  remember,
  now,
}: {
  store: ElicitationRelayStore;
  guard: StoreGuard;
  emit: (event: Omit<ElicitationRelayEvent, "time">) => void;
  remember: ElicitationRelayRemember | undefined;
  now: () => number;
}): RememberedDecisions {
  const chatKey = remember?.chat;
  const chatOf = (context: Readonly<Record<string, string>> | undefined) => (chatKey === undefined ? undefined : context?.[chatKey]);

  /** The person's decisions without their answers, oldest first. */
  async function listed(owner: string): Promise<[string, Listed][]> {
    const index = await guard("kept", () => store.kept(owner, INDEX));
    return Object.entries(index)
      .flatMap(([key, text]): [string, Listed][] => {
        const decision = parse<Listed>(text);
        return decision === undefined || typeof decision.at !== "number" ? [] : [[key, decision]];
      })
      .sort((a, b) => a[1].at - b[1].at);
  }

  async function answerOf(owner: string, key: string): Promise<{ content: ElicitContent; at: number } | undefined> {
    const kept = parse<{ content: ElicitContent; at: number }>((await guard("kept", () => store.kept(owner, answerKind(key))))[ANSWER]);
    return kept !== undefined && isRecord(kept.content) && typeof kept.at === "number" ? kept : undefined;
  }

  // The answer first, then the index: cut short, what is left answers nothing (as `keep`'s order).
  async function drop(owner: string, key: string): Promise<void> {
    await guard("keep", () => store.keep(owner, answerKind(key), ANSWER, undefined));
    await guard("keep", () => store.keep(owner, INDEX, key, undefined));
  }

  return {
    offer(request, context) {
      if (remember === undefined || request.mode !== "form") return undefined;
      if (request.schema.fields.some((field) => field.sensitive !== undefined || field.kind === "file")) return undefined;
      const scopes: ElicitationRememberScope[] = [];
      if (chatOf(context) !== undefined) scopes.push("chat");
      if (remember.server === true) scopes.push("server");
      return scopes.length === 0 ? undefined : scopes;
    },
    async find(owner, serverName, params, context, offered) {
      try {
        for (const scope of offered) {
          const key = await keyOf(scope, serverName, scope === "chat" ? chatOf(context) : undefined, params);
          const found = await answerOf(owner, key);
          if (found !== undefined) return { key, ...found };
        }
      } catch {
        // The store cannot say: the person is asked, as without a decision.
      }
      return undefined;
    },
    async keep(record, scope, result) {
      if (result.action !== "accept" || result.content === undefined) return;
      const text = JSON.stringify(result.content);
      if (text.length > REMEMBERED_CONTENT_LENGTH) return;
      const chat = scope === "chat" ? chatOf(record.context) : undefined;
      const key = await keyOf(scope, record.serverName, chat, record.params);
      const at = now();
      const decision: Listed = {
        scope,
        serverName: record.serverName,
        ...(chat === undefined ? {} : { chat }),
        message: cutText(typeof record.params.message === "string" ? record.params.message : "", NOTICE_MESSAGE_LENGTH),
        at,
      };
      const others = (await listed(record.owner)).filter(([other]) => other !== key);
      for (const [old] of others.slice(0, Math.max(0, others.length + 1 - REMEMBERED_PER_PERSON))) await drop(record.owner, old);
      // The index first, the answer once the index holds it: a keep the store cuts short, or whose write
      // lands after its time ran out, leaves at most a listed entry with no answer (listed by nobody, answering
      // nothing), never an answer that answers questions while the person's list cannot show or forget it.
      await guard("keep", () => store.keep(record.owner, INDEX, key, JSON.stringify(decision)));
      await guard("keep", () => store.keep(record.owner, answerKind(key), ANSWER, `{"at":${at},"content":${text}}`));
      emit({ type: "remembered", owner: record.owner, serverName: record.serverName, id: record.id, scope });
    },
    async list(owner) {
      const decisions = await listed(owner);
      const answers = await Promise.all(decisions.map(([key]) => answerOf(owner, key)));
      return decisions.flatMap(([key, decision], index) => {
        const answer = answers[index];
        return answer === undefined ? [] : [{ key, ...decision, content: answer.content }];
      });
    },
    async forget(owner, key) {
      if (!RELAY_REMEMBERED_KEY.test(key)) return false;
      const decision = parse<Listed>((await guard("kept", () => store.kept(owner, INDEX)))[key]);
      const answer = await answerOf(owner, key);
      if (decision === undefined && answer === undefined) return false;
      await drop(owner, key);
      emit({ type: "forgotten", owner, ...(decision === undefined ? {} : { serverName: decision.serverName }), scope: key.startsWith("chat.") ? "chat" : "server" });
      return true;
    },
  };
}
