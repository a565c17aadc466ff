// useChat({ resume: true }) asks here after a reload: the answer still being written, from its start,
// then live — from whichever instance writes it (resumable-stream, through Redis).
import { UI_MESSAGE_STREAM_HEADERS } from "ai";
import { activeStream, messagesOf } from "../chats.server";
import { personOf } from "../session.server";
import type { Route } from "./+types/api.chat.stream";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const person = await personOf(request);
  if (!person || !(await messagesOf(context.redis, params.id, person))) return new Response(null, { status: 404 });
  const streamId = await activeStream(context.redis, params.id);
  const stream = streamId ? await context.streams.resumeExistingStream(streamId) : undefined;
  if (!stream) return new Response(null, { status: 204 });
  return new Response(stream.pipeThrough(new TextEncoderStream()), { headers: UI_MESSAGE_STREAM_HEADERS });
}
