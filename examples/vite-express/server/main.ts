// The app's server: Express with express-session logins, the chat (`streamText` with the deploy MCP
// server's tools through `@ai-sdk/mcp`), and the relay that carries the tool's questions to the person's
// browser — or, when no window of theirs is open, to the devices they turned notifications on for (Web
// Push) — and keeps a record of every closed question. `npm run dev` serves the API on 127.0.0.1:3001
// behind Vite's dev proxy; `npm start` also serves the built page.
import { randomBytes } from "node:crypto";
import { appendFile } from "node:fs/promises";
import { resolve } from "node:path";
import { createMCPClient } from "@ai-sdk/mcp";
import { convertToModelMessages, stepCountIs, streamText, UI_MESSAGE_STREAM_HEADERS, type UIMessage } from "ai";
import express from "express";
import session from "express-session";
import { createElicitationRelay, createMemoryRelayStore, sendFetchResponse, toFetchRequest } from "react-mcp-elicitation/server";
import { toolsWithElicitationRelay } from "react-mcp-elicitation/server/ai-sdk";
import { createRedisRelayStore } from "react-mcp-elicitation/server/redis";
import { createElicitationPush } from "react-mcp-elicitation/server/web-push";
import { chatOf, keepStream, replay } from "./chats";
import { startDeployServer } from "./deployServer";
import { scriptedModel } from "./scriptedModel";
import { vapidKeys } from "./vapidKeys";

declare module "express-session" {
  interface SessionData {
    person?: string;
  }
}

// An MCP server elsewhere (DEPLOY_MCP_URL), else one started in this process (and stopped with it).
const deploy = process.env.DEPLOY_MCP_URL ? { url: process.env.DEPLOY_MCP_URL, close: async () => undefined } : await startDeployServer();
// Several backends share open questions (and devices to push to) through Redis, and then need a shared session store too.
const redis = process.env.REDIS_URL ? createRedisRelayStore({ url: process.env.REDIS_URL }) : undefined;
const store = redis ?? createMemoryRelayStore();
// The browsers' push services only; the test points pushes at a stand-in on loopback (PUSH_SERVICE_ORIGIN).
const pushService = process.env.PUSH_SERVICE_ORIGIN;
const vapid = vapidKeys();
// The person's devices, kept in the relay's store; pressing the notification opens the chat that asks.
const push = createElicitationPush({ store, vapid: { subject: "mailto:ops@example.com", ...vapid }, url: (notice) => `/?chat=${notice.context?.chatId ?? ""}`, isPushService: pushService ? (endpoint) => endpoint.origin === pushService : undefined });
const relay = createElicitationRelay({
  store,
  // A question no window of the person's has drawn within 3 s goes to their devices.
  notify: { afterMs: 3_000, send: push.send },
  // One JSON line per closed question: whose, which server, how it ended, when; never what was typed.
  onRecord: (record) => appendFile("elicitation-records.jsonl", `${JSON.stringify(record)}\n`),
  // "Remember for this chat" on a card: the same question in that chat is then answered as before, without a card.
  remember: { chat: "chatId" },
});

const app = express();
app.use(session({ secret: process.env.SESSION_SECRET ?? randomBytes(32).toString("hex"), resave: false, saveUninitialized: false, cookie: { httpOnly: true, sameSite: "lax" } }));

// The demo login: a name. A real app checks a password or an identity provider here.
app.post("/api/login", express.json(), (req, res) => {
  const name = String(req.body?.name ?? "").trim().slice(0, 40);
  if (!name) return void res.status(400).json({ error: "Type a name." });
  req.session.person = name;
  res.json({ name });
});
app.get("/api/me", (req, res) => void res.json({ name: req.session.person ?? null }));

// "Notify me on this device": the VAPID key for the page, and the browser's subscription kept for the signed-in person only (no body parser before it).
app.all("/api/push", async (req, res) => sendFetchResponse(res, await push.handle(toFetchRequest(req), { owner: req.session.person })));

// The relay's route: the person is whoever the session names (no body parser before it).
app.all("/api/elicitation", async (req, res) => sendFetchResponse(res, await relay.handle(toFetchRequest(req), { owner: req.session.person })));

app.get("/api/chats/:id", (req, res) => {
  const chat = req.session.person ? chatOf(req.params.id, req.session.person) : undefined;
  if (!chat) return void res.status(404).end();
  res.json(chat.messages);
});

app.post("/api/chat", express.json({ limit: "1mb" }), async (req, res) => {
  const person = req.session.person;
  const { id, message } = (req.body ?? {}) as { id?: string; message?: UIMessage };
  const chat = person && typeof id === "string" && message ? chatOf(id, person) : undefined;
  if (!person || !id || !chat || !message) return void res.status(person ? 404 : 401).end();
  chat.messages = [...chat.messages, message];
  const client = await createMCPClient({ transport: { type: "http", url: deploy.url }, capabilities: { elicitation: {} } });
  const tools = await toolsWithElicitationRelay(client, { relay, owner: person, serverName: "Deploy server", context: { chatId: id } });
  const close = () => void client.close();
  const result = streamText({
    model: scriptedModel(),
    messages: await convertToModelMessages(chat.messages),
    tools,
    stopWhen: stepCountIs(5),
    // Aborted by the chat's Stop (on any instance) only: a reload must not end the tool call, whose question waits.
    abortSignal: relay.stopSignal({ owner: person, context: { chatId: id } }),
    onFinish: close,
    onError: close,
    onAbort: close,
  });
  result.pipeUIMessageStreamToResponse(res, {
    originalMessages: chat.messages,
    onFinish: ({ messages }) => void (chat.messages = messages),
    consumeSseStream: ({ stream }) => keepStream(chat, stream),
  });
});

// useChat({ resume: true }) asks here after a reload: the answer still being written, from its start.
app.get("/api/chat/:id/stream", (req, res) => {
  const chat = req.session.person ? chatOf(req.params.id, req.session.person) : undefined;
  const stream = chat && replay(chat);
  if (!stream) return void res.status(204).end();
  void sendFetchResponse(res, new Response(stream.pipeThrough(new TextEncoderStream()), { headers: UI_MESSAGE_STREAM_HEADERS }));
});

app.post("/api/chat/:id/stop", async (req, res) => {
  if (!req.session.person) return void res.status(401).end();
  await relay.stop({ owner: req.session.person, context: { chatId: req.params.id } });
  res.status(204).end();
});

if (process.env.NODE_ENV === "production") {
  const page = resolve(import.meta.dirname, "../dist");
  app.use(express.static(page));
  app.get("/{*path}", (_req, res) => res.sendFile(resolve(page, "index.html")));
}

const port = Number(process.env.PORT ?? 3001);
const server = app.listen(port, "127.0.0.1", () => console.log(`API on http://127.0.0.1:${port}`));
// Questions held here get `cancel`, the person's streams end (their pages reconnect to another instance), then the process ends by itself.
process.once("SIGTERM", () => void relay.close().then(() => redis?.close()).then(() => server.close()).then(deploy.close));
