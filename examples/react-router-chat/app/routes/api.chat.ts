// The chat: `streamText` with the deploy server's tools (the process's one MCP client, wrapped for
// this person and chat). The run is the chat's, not the request's: a reload or a closed tab leaves it
// running (its question waits); only the chat's Stop (relay.stop, on any instance) aborts it.
import { convertToModelMessages, generateId, stepCountIs, streamText, type UIMessage } from "ai";
import { messagesOf, saveMessages, setActiveStream } from "../chats.server";
import { scriptedModel } from "../scriptedModel.server";
import { personOf } from "../session.server";
import type { Route } from "./+types/api.chat";

export async function action({ request, context }: Route.ActionArgs) {
  const person = await personOf(request);
  if (!person) return new Response(null, { status: 401 });
  const { id, message } = (await request.json()) as { id?: unknown; message?: UIMessage };
  const earlier = typeof id === "string" && message ? await messagesOf(context.redis, id, person) : undefined;
  if (typeof id !== "string" || !message || !earlier) return new Response(null, { status: 404 });
  const messages = [...earlier, message];
  await saveMessages(context.redis, id, person, messages);

  const result = streamText({
    model: scriptedModel(),
    messages: await convertToModelMessages(messages),
    tools: await context.deployTools(person, id),
    stopWhen: stepCountIs(5),
    abortSignal: context.relay.stopSignal({ owner: person, context: { chatId: id } }),
  });
  result.consumeStream(); // runs to its end with nobody reading
  return result.toUIMessageStreamResponse({
    originalMessages: messages,
    generateMessageId: generateId,
    async onFinish({ messages }) {
      await saveMessages(context.redis, id, person, messages);
      await setActiveStream(context.redis, id, null);
    },
    // A copy of what the page gets, kept in Redis while it is written: a reload resumes it from any instance.
    async consumeSseStream({ stream }) {
      const streamId = generateId();
      await context.streams.createNewResumableStream(streamId, () => stream);
      await setActiveStream(context.redis, id, streamId);
    },
  });
}
