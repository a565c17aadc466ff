// useChat({ resume: true }) asks here after a reload: the answer still being written, from its start,
// then live — from whichever instance writes it (resumable-stream, through Redis). The page says which
// message it has last (`seen`): a run that ended between the page's load and this request has its
// thread sent whole, so a reload just after an answer never leaves the page without it.
import { createUIMessageStream, createUIMessageStreamResponse, UI_MESSAGE_STREAM_HEADERS } from "ai";
import { activeStream, messagesOf, savedThread } from "../chats.server";
import { personOf } from "../session.server";
import type { Route } from "./+types/api.chat.stream";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const person = await personOf(request);
  if (!person || !(await messagesOf(context.redis, params.id, person))) return new Response(null, { status: 404 });
  const streamId = await activeStream(context.redis, params.id);
  const stream = streamId ? await context.streams.resumeExistingStream(streamId) : undefined;
  if (stream) return new Response(stream.pipeThrough(new TextEncoderStream()), { headers: UI_MESSAGE_STREAM_HEADERS });

  const messages = (await savedThread(context.redis, params.id, person)) ?? [];
  if (messages.at(-1)?.id === new URL(request.url).searchParams.get("seen")) return new Response(null, { status: 204 });
  // Transient: the page replaces its thread with it (Chat.tsx's onData); no message is added for it.
  return createUIMessageStreamResponse({ stream: createUIMessageStream({ execute: ({ writer }) => writer.write({ type: "data-thread", data: messages, transient: true }) }) });
}
