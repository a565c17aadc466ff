"use server";
import { randomUUID } from "node:crypto";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { createSession, SESSION_COOKIE } from "@/lib/session";

/** The demo login: remembers the typed name in a signed cookie and opens a new chat. */
export async function signIn(form: FormData) {
  const name = String(form.get("name") ?? "").trim().slice(0, 60) || "Guest";
  (await cookies()).set(SESSION_COOKIE, createSession(name), { httpOnly: true, sameSite: "lax", path: "/" });
  redirect(`/chat/${randomUUID()}`);
}
