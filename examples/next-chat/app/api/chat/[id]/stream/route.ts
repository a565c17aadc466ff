// useChat({ resume: true }) asks here on load: the answer still being written, replayed from its start.
import { UI_MESSAGE_STREAM_HEADERS } from "ai";
import { replayStream } from "@/lib/chatStore";
import { userOf } from "@/lib/session";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = userOf(request);
  const stream = user && replayStream((await params).id, user.id);
  if (!stream) return new Response(null, { status: 204 });
  return new Response(stream.pipeThrough(new TextEncoderStream()), { headers: UI_MESSAGE_STREAM_HEADERS });
}
