// A message to the chat: "deploy <service>" calls the deploy tool (which asks the person where), and
// the tool's answer is the reply. Both go into the chat's thread.
import { error, json } from "@sveltejs/kit";
import { chatOf } from "$lib/server/chats";
import { deploy } from "$lib/server/deploy";
import type { RequestHandler } from "./$types";

export const POST: RequestHandler = async ({ request, params, locals }) => {
  if (!locals.user) error(401, "Sign in first.");
  const chat = chatOf(locals.user.id, params.chatId);
  if (!chat) error(404, "There is no such chat of yours.");
  const { text } = (await request.json()) as { text?: unknown };
  if (typeof text !== "string" || text.trim() === "") error(400, "A message needs some text.");
  chat.messages.push({ from: "person", text });
  const service = /^deploy\s+(\S+)$/i.exec(text.trim())?.[1];
  // The tool call is not tied to this request: a reload mid-question leaves it waiting for the answer.
  chat.working++;
  try {
    const reply = service ? await deploy(service, { owner: locals.user.id, chatId: params.chatId }) : 'Say "deploy <service>".';
    chat.messages.push({ from: "tool", text: reply });
    return json({ reply });
  } finally {
    chat.working--;
  }
};
