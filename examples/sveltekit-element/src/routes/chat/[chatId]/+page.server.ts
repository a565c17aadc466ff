// The person's chat: its thread, and whether a tool call is under way. Another person's chat is a 404.
import { error, redirect } from "@sveltejs/kit";
import { chatOf } from "$lib/server/chats";
import type { PageServerLoad } from "./$types";

export const load: PageServerLoad = ({ locals, params }) => {
  if (!locals.user) redirect(303, "/");
  const chat = chatOf(locals.user.id, params.chatId);
  if (!chat) error(404, "There is no such chat of yours.");
  return { person: locals.user.id, chatId: params.chatId, messages: chat.messages, working: chat.working > 0 };
};
