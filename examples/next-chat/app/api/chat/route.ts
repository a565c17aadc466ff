// The chat: the person's message goes to the model, which may call the deploy server's tools; the
// answer streams back to the page (and is kept, so that a reload or another tab can replay it).
import { convertToModelMessages, stepCountIs, streamText, type UIMessage } from "ai";
import { keepStream, readChat, saveMessages } from "@/lib/chatStore";
import { connectDeployTools } from "@/lib/deployTools";
import { createScriptedModel } from "@/lib/scriptedModel";
import { userOf } from "@/lib/session";

export async function POST(request: Request) {
  const user = userOf(request);
  if (!user) return new Response("Sign in first", { status: 401 });
  const { id, message }: { id: string; message: UIMessage } = await request.json();
  const messages = [...(readChat(id, user.id)?.messages ?? []), message];
  if (!saveMessages(id, user.id, messages)) return new Response("Not found", { status: 404 });

  const deploy = await connectDeployTools({ owner: user.id, chatId: id });
  const result = streamText({
    model: createScriptedModel(),
    messages: await convertToModelMessages(messages),
    tools: deploy.tools,
    stopWhen: stepCountIs(5),
    // No abortSignal from the request: a reload or a closed tab must not cancel the tool call, whose
    // question waits in the relay for the person to come back.
    onFinish: () => deploy.close(),
    onError: () => deploy.close(),
  });

  return result.toUIMessageStreamResponse({
    originalMessages: messages,
    onFinish: ({ messages }) => void saveMessages(id, user.id, messages),
    consumeSseStream: ({ stream }) => keepStream(id, stream),
  });
}
