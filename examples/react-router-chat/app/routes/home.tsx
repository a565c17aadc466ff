// Signed in, a new chat; else the demo login (a name).
import { Form, redirect } from "react-router";
import { personOf, signIn } from "../session.server";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  if (await personOf(request)) throw redirect(`/chat/${crypto.randomUUID()}`);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const name = String((await request.formData()).get("name") ?? "").trim().slice(0, 40);
  if (!name) return { error: "Type a name." };
  throw redirect(`/chat/${crypto.randomUUID()}`, { headers: { "Set-Cookie": await signIn(request, name) } });
}

export default function Home({ actionData }: Route.ComponentProps) {
  return (
    <main>
      <Form method="post" className="sign-in">
        <label>
          Your name <input name="name" autoComplete="username" />
        </label>
        <button type="submit">Start chatting</button>
        {actionData?.error ? <p role="alert">{actionData.error}</p> : null}
      </Form>
    </main>
  );
}
