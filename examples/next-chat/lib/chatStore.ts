// The chats, in this server's memory (a real app uses its database): each one's messages, owner, and
// the stream of the answer being written, kept so that a reload or a second tab can replay it.
import type { UIMessage } from "ai";

interface ActiveStream {
  chunks: string[];
  done: boolean;
  listeners: Set<() => void>;
}

interface Chat {
  owner: string;
  messages: UIMessage[];
  stream?: ActiveStream;
}

// On globalThis: Next.js may load this module once per route bundle.
const holder = globalThis as typeof globalThis & { chats?: Map<string, Chat> };
const chats = (holder.chats ??= new Map<string, Chat>());

/** The chat, if it exists and is this person's. */
export function readChat(id: string, owner: string): Chat | undefined {
  const chat = chats.get(id);
  return chat?.owner === owner ? chat : undefined;
}

/** Saves the messages; false when the id is someone else's chat. */
export function saveMessages(id: string, owner: string, messages: UIMessage[]): boolean {
  const chat = chats.get(id);
  if (chat && chat.owner !== owner) return false;
  chats.set(id, { ...chat, owner, messages });
  return true;
}

/** Reads the answer's stream (a copy of what the browser gets) to its end, keeping every chunk. */
export async function keepStream(id: string, stream: ReadableStream<string>): Promise<void> {
  const chat = chats.get(id);
  if (!chat) return;
  const active: ActiveStream = { chunks: [], done: false, listeners: new Set() };
  chat.stream = active;
  const notify = () => active.listeners.forEach((listener) => listener());
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    active.chunks.push(read.value);
    notify();
  }
  active.done = true;
  notify();
  if (chat.stream === active) chat.stream = undefined;
}

/** The answer being written, from its first chunk and then live; null when none is. */
export function replayStream(id: string, owner: string): ReadableStream<string> | null {
  const active = readChat(id, owner)?.stream;
  if (!active) return null;
  let sent = 0;
  let flush = () => {};
  return new ReadableStream<string>({
    start(controller) {
      flush = () => {
        while (sent < active.chunks.length) controller.enqueue(active.chunks[sent++]!);
        if (active.done) {
          active.listeners.delete(flush);
          controller.close();
        }
      };
      active.listeners.add(flush);
      flush();
    },
    cancel() {
      active.listeners.delete(flush);
    },
  });
}
