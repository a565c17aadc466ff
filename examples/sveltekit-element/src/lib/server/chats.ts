// Chats in this process: whose each is, what was said in it, and how many tool calls are under way.
import { randomUUID } from "node:crypto";

export interface Message {
  from: "person" | "tool";
  text: string;
}

interface Chat {
  owner: string;
  messages: Message[];
  working: number;
}

const chats = new Map<string, Chat>();

export function newChat(owner: string): string {
  const id = randomUUID();
  chats.set(id, { owner, messages: [], working: 0 });
  return id;
}

/** The chat `id` if it is `owner`'s; another person's is as good as missing. */
export function chatOf(owner: string, id: string): Chat | undefined {
  const chat = chats.get(id);
  return chat?.owner === owner ? chat : undefined;
}
