// The chats, in Redis (every instance reads them): each one's owner and finished messages, and the id
// of the answer being written (a resumable stream), if any.
import type { UIMessage } from "ai";
import type { Redis } from "ioredis";

interface StoredChat {
  owner: string;
  messages: UIMessage[];
}

const chatKey = (id: string) => `chat:${id}`;
const streamKey = (id: string) => `chat:${id}:stream`;
const validId = (id: string) => /^[\w-]{1,64}$/.test(id);

/** The chat's messages if it is this person's (a new id is an empty chat of theirs); undefined if it is someone else's. */
export async function messagesOf(redis: Redis, id: string, owner: string): Promise<UIMessage[] | undefined> {
  if (!validId(id)) return undefined;
  const stored = await redis.get(chatKey(id));
  if (stored === null) return [];
  const chat = JSON.parse(stored) as StoredChat;
  return chat.owner === owner ? chat.messages : undefined;
}

export async function saveMessages(redis: Redis, id: string, owner: string, messages: UIMessage[]): Promise<void> {
  await redis.set(chatKey(id), JSON.stringify({ owner, messages } satisfies StoredChat));
}

/**
 * The chat's messages once the run that was writing it has saved them: a run whose stream has ended
 * saves (and clears its stream id) a moment later, in `onFinish`. Waits up to 5 s for that; then reads
 * what is there (an instance that died before saving leaves the thread as it was).
 */
export async function savedThread(redis: Redis, id: string, owner: string): Promise<UIMessage[] | undefined> {
  for (let waited = 0; waited < 5000 && (await activeStream(redis, id)) !== null; waited += 50) await new Promise((done) => setTimeout(done, 50));
  return messagesOf(redis, id, owner);
}

/** The answer being written in this chat: its resumable stream's id. */
export const activeStream = (redis: Redis, id: string) => redis.get(streamKey(id));
export const setActiveStream = (redis: Redis, id: string, streamId: string | null) => (streamId === null ? redis.del(streamKey(id)) : redis.set(streamKey(id), streamId, "EX", 24 * 60 * 60));
