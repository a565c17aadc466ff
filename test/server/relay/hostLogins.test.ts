// @vitest-environment node
// The host's own login reaching the relay (`relay.handle(request, { owner })`, no `identify`), as
// docs/relay.md shows it for three servers, each over real HTTP: Express with express-session, Hono
// with its signed-cookie helper, Fastify with the person found by its own hook. The signed-in person
// gets their questions and answers them; another person gets 404; nobody signed in gets 401.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import session from "express-session";
import Fastify, { type FastifyInstance } from "fastify";
import { Hono } from "hono";
import { getSignedCookie, setSignedCookie } from "hono/cookie";
import { afterEach, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { sendFetchResponse } from "../../../src/server/sendFetchResponse";
import { toFetchRequest } from "../../../src/server/toFetchRequest";
import type { ElicitationRelay } from "../../../src/server/types";
import { isRequest, openStream, postAnswer, requestId, type EventReader } from "../helpers/relayHarness";

declare module "express-session" {
  interface SessionData {
    person?: string;
  }
}
declare module "fastify" {
  interface FastifyRequest {
    person?: string;
  }
}

const SECRET = "a test secret, not a real one";
const nameForm = { message: "Your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } };

const stops: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stops.push(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function expressApp(relay: ElicitationRelay) {
  const app = express();
  app.use(session({ secret: SECRET, resave: false, saveUninitialized: false }));
  app.post("/login/:name", (req, res) => {
    req.session.person = req.params.name;
    res.sendStatus(204);
  });
  // No body parser on this route: the relay reads (and bounds) the body itself.
  app.all("/api/elicitation", async (req, res) => {
    await sendFetchResponse(res, await relay.handle(toFetchRequest(req), { owner: req.session.person }));
  });
  return listen(createServer(app));
}

function honoApp(relay: ElicitationRelay) {
  const app = new Hono();
  app.post("/login/:name", async (c) => {
    await setSignedCookie(c, "person", c.req.param("name"), SECRET, { httpOnly: true, sameSite: "Lax", path: "/" });
    return c.body(null, 204);
  });
  app.on(["GET", "POST"], "/api/elicitation", async (c) => relay.handle(c.req.raw, { owner: (await getSignedCookie(c, SECRET, "person")) || null }));
  // Served by Node's http through the package's adapters (on Bun, Deno or Workers: `export default app`).
  return listen(createServer(async (req, res) => sendFetchResponse(res, await app.fetch(toFetchRequest(req)))));
}

async function fastifyApp(relay: ElicitationRelay) {
  const app: FastifyInstance = Fastify();
  // The host's own sessions: a cookie naming a session the server knows (a stand-in for @fastify/session).
  const sessions = new Map<string, string>();
  app.addHook("onRequest", async (request) => {
    const id = /(?:^|;\s*)sid=([\w-]+)/.exec(request.headers.cookie ?? "")?.[1];
    request.person = id === undefined ? undefined : sessions.get(id);
  });
  app.post<{ Params: { name: string } }>("/login/:name", async (request, reply) => {
    const id = crypto.randomUUID();
    sessions.set(id, request.params.name);
    return reply.header("set-cookie", `sid=${id}; HttpOnly; Path=/`).code(204).send();
  });
  await app.register(async (relayRoutes) => {
    // Fastify would read the JSON body itself; here the body is left to the relay, unread.
    relayRoutes.removeAllContentTypeParsers();
    relayRoutes.addContentTypeParser("*", (_request, _payload, done) => done(null));
    relayRoutes.route({
      method: ["GET", "POST"],
      url: "/api/elicitation",
      handler: async (request, reply) => {
        const response = await relay.handle(toFetchRequest(request.raw), { owner: request.person });
        reply.hijack();
        await sendFetchResponse(reply.raw, response);
      },
    });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  stops.push(() => app.close());
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function login(origin: string, name: string): Promise<string> {
  const response = await fetch(`${origin}/login/${name}`, { method: "POST" });
  expect(response.status).toBe(204);
  const cookie = response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  expect(cookie).not.toBe("");
  return cookie;
}

describe.each([
  ["Express with express-session", expressApp],
  ["Hono with its signed cookies", honoApp],
  ["Fastify with its own hook", fastifyApp],
])("%s: relay.handle(request, { owner })", (_name, start) => {
  it("the signed-in person answers their question; another person gets 404; nobody signed in, 401", async () => {
    const relay = createElicitationRelay({});
    stops.push(() => relay.close());
    const origin = await start(relay);
    const url = `${origin}/api/elicitation`;
    const [ada, bob] = [await login(origin, "ada"), await login(origin, "bob")];
    const streams: EventReader[] = [];
    stops.push(() => streams.forEach((stream) => stream.close()));
    const open = async (cookie?: string) => {
      const stream = await openStream(url, undefined, cookie === undefined ? {} : { cookie });
      streams.push(stream);
      return stream;
    };

    expect((await open()).status).toBe(401);
    const adaStream = await open(ada);
    expect(adaStream.status).toBe(200);
    const answer = relay.request({ owner: "ada", serverName: "Profile", params: nameForm });
    const id = requestId(await adaStream.next(isRequest));

    expect((await postAnswer(url, undefined, { id, result: { action: "decline" } })).status).toBe(401);
    expect((await postAnswer(url, undefined, { id, result: { action: "decline" } }, { cookie: bob })).status).toBe(404);
    const taken = await postAnswer(url, undefined, { id, result: { action: "accept", content: { name: "Ada" } } }, { cookie: ada });
    expect(taken).toEqual({ status: 200, body: { ok: true } });
    expect(await answer).toEqual({ action: "accept", content: { name: "Ada" } });
  });
});
