// Signed in (a demo login by name), the page shows a chat: the one in the address (`?chat=`), else a new one.
import type { UIMessage } from "ai";
import { useEffect, useState } from "react";
import { Chat } from "./Chat";
import { NotifyMe } from "./NotifyMe";

type Loaded = { name: null } | { name: string; chatId: string; messages: UIMessage[] };

async function load(): Promise<Loaded> {
  const { name } = (await (await fetch("/api/me")).json()) as { name: string | null };
  if (!name) return { name: null };
  const url = new URL(location.href);
  const chatId = url.searchParams.get("chat") ?? crypto.randomUUID();
  if (!url.searchParams.has("chat")) history.replaceState(null, "", `?chat=${chatId}`);
  const response = await fetch(`/api/chats/${chatId}`);
  return { name, chatId, messages: response.ok ? ((await response.json()) as UIMessage[]) : [] };
}

export function App() {
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => void load().then(setLoaded), []);
  if (!loaded) return null;
  if (loaded.name === null) return <SignIn onDone={() => void load().then(setLoaded)} />;
  return (
    <>
      <NotifyMe />
      <Chat key={loaded.chatId} id={loaded.chatId} initialMessages={loaded.messages} />
    </>
  );
}

function SignIn({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState("");
  return (
    <main>
      <form
        className="sign-in"
        onSubmit={async (event) => {
          event.preventDefault();
          const response = await fetch("/api/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }) });
          if (response.ok) onDone();
        }}
      >
        <label>
          Your name <input value={name} onChange={(event) => setName(event.target.value)} autoComplete="username" />
        </label>
        <button type="submit">Start chatting</button>
      </form>
    </main>
  );
}
