// The chats, in this process's memory (a real app uses its database): each one's owner and messages,
// the answer being written (kept so a reload can replay it).
import type { UIMessage } from "ai";

interface Chat {
  owner: string;
  messages: UIMessage[];
  /** The answer being written: its chunks so far, whether it is done, who waits for more. */
  stream?: { chunks: string[]; done: boolean; listeners: Set<() => void> };
}

const chats = new Map<string, Chat>();

/** The chat, if it is this person's (a new id becomes their chat). */
export function chatOf(id: string, owner: string): Chat | undefined {
  const chat = chats.get(id) ?? { owner, messages: [] };
  if (chat.owner !== owner) return undefined;
  chats.set(id, chat);
  return chat;
}

/** Keeps every chunk of the answer's stream (a copy of what the page gets). */
export async function keepStream(chat: Chat, stream: ReadableStream<string>): Promise<void> {
  const active = { chunks: [] as string[], done: false, listeners: new Set<() => void>() };
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

/** The answer being written, from its start and then live; undefined when none is. */
export function replay(chat: Chat): ReadableStream<string> | undefined {
  const active = chat.stream;
  if (!active) return undefined;
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
    cancel: () => void active.listeners.delete(flush),
  });
}
