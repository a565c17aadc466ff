// A chat of the signed-in person: its finished messages from Redis, then the page (Chat.tsx).
import { redirect } from "react-router";
import { Chat } from "../Chat";
import { messagesOf } from "../chats.server";
import { personOf } from "../session.server";
import type { Route } from "./+types/chat";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const person = await personOf(request);
  if (!person) throw redirect("/");
  const messages = await messagesOf(context.redis, params.id, person);
  if (!messages) throw new Response("Not found", { status: 404 });
  return { messages };
}

export default function ChatPage({ loaderData, params }: Route.ComponentProps) {
  return <Chat key={params.id} id={params.id} initialMessages={loaderData.messages} />;
}
