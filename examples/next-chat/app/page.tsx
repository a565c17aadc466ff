import { randomUUID } from "node:crypto";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { readSession, SESSION_COOKIE } from "@/lib/session";
import { signIn } from "./actions";

export default async function Home() {
  if (readSession((await cookies()).get(SESSION_COOKIE)?.value)) redirect(`/chat/${randomUUID()}`);
  return (
    <main>
      <h1>Sign in</h1>
      <form action={signIn}>
        <label>
          Your name <input name="name" autoComplete="name" required />
        </label>{" "}
        <button type="submit">Start chatting</button>
      </form>
    </main>
  );
}
