// Sign in (a name), then a new chat.
import { fail, redirect } from "@sveltejs/kit";
import { newChat } from "$lib/server/chats";
import { signIn } from "$lib/server/sessions";
import type { Actions } from "./$types";

export const actions: Actions = {
  default: async ({ request, cookies, url }) => {
    const name = String((await request.formData()).get("name") ?? "").trim();
    if (name === "") return fail(400, { problem: "Type your name." });
    cookies.set("session", signIn(name), { path: "/", httpOnly: true, sameSite: "lax", secure: url.protocol === "https:" });
    redirect(303, `/chat/${newChat(name)}`);
  },
};
