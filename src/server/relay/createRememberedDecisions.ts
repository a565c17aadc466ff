// Decisions a person remembered: an accepted answer kept per person in the store (so every instance
// finds it), under a key that names the server, the form and, for "this chat", the chat. The form is
// its fingerprint: the server's `requestedSchema` (keys in any order, everything else as sent) and
// its message, exactly; any difference is another form, asked again. Never for a form with a
// sensitive field or a file, nor for URL mode: those are not offered, so nothing is kept for them.
import { RELAY_REMEMBERED_KEY } from "../../core/relay/relayWire";
import { cutText } from "../../core/shared/excerpt";
import { isRecord } from "../../core/shared/ownProperty";
import type { ElicitationRememberScope, ElicitResult, ParsedElicitationRequest } from "../../core/types";
import type { StoreGuard } from "../createStoreGuard";
import type { ElicitationRelayStore, RelayRecord } from "../ElicitationRelayStore";
import type { ElicitationRelayEvent, ElicitationRelayRemember, ElicitationRememberedDecision } from "../types";
import { NOTICE_MESSAGE_LENGTH } from "./createNotices";

/** Decisions kept per person at most; the oldest goes for a new one. */
export const REMEMBERED_PER_PERSON = 100;
const KIND = "remembered";

type Kept = Omit<ElicitationRememberedDecision, "key">;

export interface RememberedDecisions {
  /** The scopes offered for `request` with `context`; undefined when none (off, sensitive, files, URL mode, no chat). */
  offer(request: ParsedElicitationRequest, context: Readonly<Record<string, string>> | undefined): ElicitationRememberScope[] | undefined;
  /** The person's decision for this form among the `offered` scopes ("chat" first), if any. A store that fails finds none: the person is asked. */
  find(owner: string, serverName: string, params: unknown, context: Readonly<Record<string, string>> | undefined, offered: ElicitationRememberScope[]): Promise<{ key: string; kept: Kept } | undefined>;
  /** Keeps `result` (an accept of `record`, taken) for `scope`. */
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

function read(text: string): Kept | undefined {
  try {
    const kept = JSON.parse(text) as Kept;
    return isRecord(kept) && isRecord(kept.content) && typeof kept.at === "number" ? kept : undefined;
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

  async function all(owner: string): Promise<[string, Kept][]> {
    const kept = await guard("kept", () => store.kept(owner, KIND));
    return Object.entries(kept)
      .flatMap(([key, text]): [string, Kept][] => {
        const decision = read(text);
        return decision === undefined ? [] : [[key, decision]];
      })
      .sort((a, b) => a[1].at - b[1].at);
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
        const kept = new Map(await all(owner));
        for (const scope of offered) {
          const key = await keyOf(scope, serverName, scope === "chat" ? chatOf(context) : undefined, params);
          const found = kept.get(key);
          if (found !== undefined) return { key, kept: found };
        }
      } catch {
        // The store cannot say: the person is asked, as without a decision.
      }
      return undefined;
    },
    async keep(record, scope, result) {
      if (result.action !== "accept" || result.content === undefined) return;
      const chat = scope === "chat" ? chatOf(record.context) : undefined;
      const key = await keyOf(scope, record.serverName, chat, record.params);
      const kept: Kept = {
        scope,
        serverName: record.serverName,
        ...(chat === undefined ? {} : { chat }),
        message: cutText(typeof record.params.message === "string" ? record.params.message : "", NOTICE_MESSAGE_LENGTH),
        content: structuredClone(result.content),
        at: now(),
      };
      const known = (await all(record.owner)).filter(([other]) => other !== key);
      for (const [old] of known.slice(0, Math.max(0, known.length + 1 - REMEMBERED_PER_PERSON))) {
        await guard("keep", () => store.keep(record.owner, KIND, old, undefined));
      }
      await guard("keep", () => store.keep(record.owner, KIND, key, JSON.stringify(kept)));
      emit({ type: "remembered", owner: record.owner, serverName: record.serverName, id: record.id, scope });
    },
    async list(owner) {
      return (await all(owner)).map(([key, kept]) => ({ key, ...kept }));
    },
    async forget(owner, key) {
      if (!RELAY_REMEMBERED_KEY.test(key)) return false;
      const kept = await guard("kept", () => store.kept(owner, KIND));
      const text = kept[key];
      if (text === undefined) return false;
      await guard("keep", () => store.keep(owner, KIND, key, undefined));
      emit({ type: "forgotten", owner, serverName: read(text)?.serverName, scope: key.startsWith("chat.") ? "chat" : "server" });
      return true;
    },
  };
}
