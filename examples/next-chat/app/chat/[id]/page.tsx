import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { readChat } from "@/lib/chatStore";
import { readSession, SESSION_COOKIE } from "@/lib/session";
import { Chat } from "./Chat";

export default async function ChatPage({ params }: { params: Promise<{ id: string }> }) {
  const user = readSession((await cookies()).get(SESSION_COOKIE)?.value);
  if (!user) redirect("/");
  const { id } = await params;
  return <Chat key={id} id={id} initialMessages={readChat(id, user.id)?.messages ?? []} />;
}
