// Checks the built package the way a consumer meets it: through its exports map, in plain Node
// (no window, no document — as under server-side rendering).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const resolve = createRequire(import.meta.url).resolve;
assert.equal(typeof globalThis.window, "undefined", "this check must run without a DOM");

// "./core": the pure parts, no React anywhere in its module graph.
const core = await import(`${pkg.name}/core`);
// Every module "./core" reaches, static and dynamic imports alike, each visited once.
const coreFiles = new Set([new URL("../dist/core.js", import.meta.url).href]);
for (const href of coreFiles) {
  const text = readFileSync(new URL(href), "utf8");
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
    assert.ok(!/^react(-dom)?($|\/)/.test(match[1]), `core imports ${match[1]}`);
    if (match[1].startsWith(".")) coreFiles.add(new URL(match[1], href).href);
  }
}
const schema = { type: "object", properties: { age: { type: "integer", minimum: 18 } }, required: ["age"] };
assert.deepEqual(core.validateElicitationContent(schema, { age: 30 }), { valid: true, content: { age: 30 } });
assert.equal(core.validateElicitationContent(schema, { age: 3 }).valid, false);
assert.equal(core.parseElicitationSchema({ type: "object", properties: { a: { type: "object" } } }).error.code, -32602);

// ".": importable and renderable on a server.
const lib = await import(pkg.name);
const React = await import("react");
const { renderToString } = await import("react-dom/server");
// The dialog is drawn into document.body once the page is live: nothing in the server's HTML.
const dialogHtml = renderToString(
  React.createElement(lib.ElicitationDialog, {
    serverName: "Server",
    request: { message: "Why <b>", requestedSchema: schema },
    onResponse: () => {},
  }),
);
assert.equal(dialogHtml, "");
// An inline form is server-rendered, server text as text.
const html = renderToString(
  React.createElement(lib.ElicitationForm, {
    schema: { type: "object", properties: { age: { type: "integer", title: "Why <b>" } } },
    onSubmit: () => {},
  }),
);
assert.match(html, /Why &lt;b&gt;/);
for (const name of ["ElicitationDialog", "ElicitationForm", "useElicitationForm", "parseElicitationSchema", "validateElicitationContent"]) {
  assert.equal(typeof lib[name], "function", `missing export ${name}`);
}

// React Server Components frameworks (Next.js App Router) need the client boundary on the root
// entry and none on "./core", which server components may import.
const directive = /^\s*["']use client["'];?/;
assert.match(readFileSync(new URL(import.meta.resolve(pkg.name)), "utf8"), directive, `"." must start with "use client"`);
for (const href of coreFiles) assert.doesNotMatch(readFileSync(new URL(href), "utf8"), directive, `${href} says "use client"`);

// The README is the package's page on the registry, where relative links lead nowhere.
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
for (const [, target] of readme.matchAll(/\]\(([^)\s]+)\)/g)) {
  assert.match(target, /^(https:\/\/|#)/, `README links to "${target}", which does not resolve on the registry's page`);
}

// The pattern worker ships as a module file, started with the one expression hosts' bundlers (Vite,
// webpack 5) recognise and emit as a same-origin worker: pages whose policy forbids blob: workers get it.
const tester = readFileSync(new URL("../dist/core/validation/patterns/createPatternTester.js", import.meta.url), "utf8");
assert.match(tester, /new Worker\(new URL\("\.\/patternWorkerModule\.js", import\.meta\.url\), \{ type: "module" \}\)/, "the pattern worker's URL was rewritten");
assert.ok(existsSync(new URL("../dist/core/validation/patterns/patternWorkerModule.js", import.meta.url)), "the pattern worker's module file is missing");
// RE2 stays a dependency, imported by name: in its own worker file where a worker can start, else
// from a module the page loads only on demand.
const re2Checker = readFileSync(new URL("../dist/core/validation/patterns/createRe2Checker.js", import.meta.url), "utf8");
assert.match(re2Checker, /new Worker\(new URL\("\.\/patternRe2WorkerModule\.js", import\.meta\.url\), \{ type: "module" \}\)/, "the RE2 worker's URL was rewritten");
assert.ok(existsSync(new URL("../dist/core/validation/patterns/patternRe2WorkerModule.js", import.meta.url)), "the RE2 worker's module file is missing");
assert.match(re2Checker, /import\("\.\/re2Engine\.js"\)/, "RE2 must be loaded on demand");
assert.doesNotMatch(tester, /re2Engine|re2js/, "the pattern tester must not import RE2");
assert.match(tester, /import\("\.\/createRe2Checker\.js"\)/, "the way to RE2 must be loaded on demand");
const re2Engine = readFileSync(new URL("../dist/core/validation/patterns/re2Engine.js", import.meta.url), "utf8");
assert.match(re2Engine, /from "re2js"/, "re2js must stay a dependency, imported by name");

// "./server": the relay's server side, in plain Node — no React, no "use client", and neither ioredis nor pg
// anywhere in its module graph (hosts with one instance need not install them); "./server/redis" and
// "./server/postgres" bring one each, and nothing else of the other.
/** Every module `entry` reaches, static and dynamic imports alike, with the packages each names. */
function moduleGraph(entry) {
  const files = new Set([new URL(entry, import.meta.url).href]);
  const packages = new Set();
  for (const href of files) {
    for (const match of readFileSync(new URL(href), "utf8").matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      if (match[1].startsWith(".")) files.add(new URL(match[1], href).href);
      // A message's text that reads like an import (`import x from "${entry}"`) names no module.
      else if (!match[1].startsWith("${")) packages.add(match[1]);
    }
  }
  return { files, packages };
}
const server = await import(`${pkg.name}/server`);
const serverGraph = moduleGraph("../dist/server.js");
for (const name of serverGraph.packages) assert.ok(!/^(react|react-dom|react-hook-form|ioredis|pg|@ai-sdk\/mcp)($|\/)/.test(name), `"./server" imports ${name}`);
for (const href of serverGraph.files) assert.doesNotMatch(readFileSync(new URL(href), "utf8"), directive, `${href} says "use client"`);
assert.ok(moduleGraph("../dist/server/redis.js").packages.has("ioredis"), `"./server/redis" must import ioredis by name`);
const postgresGraph = moduleGraph("../dist/server/postgres.js");
assert.ok(postgresGraph.packages.has("pg"), `"./server/postgres" must import pg by name`);
for (const name of postgresGraph.packages) assert.ok(!/^(react|react-dom|react-hook-form|ioredis)($|\/)/.test(name), `"./server/postgres" imports ${name}`);
const relay = server.createElicitationRelay({ identify: () => "alice" });
const answer = relay.request({ owner: "alice", serverName: "Server", params: { message: "Age?", requestedSchema: schema } });
const stream = await relay.handle(new Request("http://localhost/api", { headers: { accept: "text/event-stream" } }));
assert.equal(stream.status, 200);
// The request comes in the stream's first events: before `ready` or after it, as it was opened.
const reader = stream.body.getReader();
let received = "";
while (!/^event: request\n/m.test(received) && received.split("\n\n").length < 4) received += new TextDecoder().decode((await reader.read()).value);
assert.match(received, /^event: request\n/m);
await relay.close();
assert.deepEqual(await answer, { action: "cancel" });
const { createRedisRelayStore } = await import(`${pkg.name}/server/redis`);
assert.equal(typeof createRedisRelayStore, "function");
// "./client": the queue and the relay's browser client for hosts without React: no React, no
// react-hook-form and no "use client" anywhere in its graph. Connected here to a real relay (its
// `handle` as the fetch), a request reaches the queue and the queue's answer reaches the relay.
const clientGraph = moduleGraph("../dist/client.js");
for (const name of clientGraph.packages) assert.ok(!/^(react|react-dom|react-hook-form|ioredis|@ai-sdk\/mcp)($|\/)/.test(name), `"./client" imports ${name}`);
for (const href of clientGraph.files) assert.doesNotMatch(readFileSync(new URL(href), "utf8"), directive, `${href} says "use client"`);
const client = await import(`${pkg.name}/client`);
{
  const clientRelay = server.createElicitationRelay({ identify: () => "alice" });
  const clientQueue = client.createElicitationQueue();
  const connection = client.connectElicitationRelay({
    url: "http://localhost/api/elicitation",
    queue: clientQueue,
    fetch: (input, init) => clientRelay.handle(new Request(input, init)),
  });
  const asked = clientRelay.request({ owner: "alice", serverName: "Server", params: { message: "Age?", requestedSchema: schema } });
  for (let tries = 0; clientQueue.getSnapshot().current === undefined && tries < 100; tries++) await new Promise((done) => setTimeout(done, 10));
  const entry = clientQueue.getSnapshot().current;
  assert.equal(entry?.serverName, "Server", `"./client" did not bring the relay's request into its queue`);
  assert.equal(await clientQueue.submit(entry.id, { action: "accept", content: { age: 30 } }), true);
  assert.deepEqual(await asked, { action: "accept", content: { age: 30 } });
  connection.close();
  await clientRelay.close();
}

const { createPostgresRelayStore } = await import(`${pkg.name}/server/postgres`);
assert.equal(typeof createPostgresRelayStore, "function");
// "./server/ai-sdk": the only entry naming @ai-sdk/mcp (an optional peer), no React.
const aiSdkGraph = moduleGraph("../dist/server/ai-sdk.js");
assert.ok(aiSdkGraph.packages.has("@ai-sdk/mcp"), `"./server/ai-sdk" must import @ai-sdk/mcp by name`);
for (const name of aiSdkGraph.packages) assert.ok(!/^(react|react-dom|react-hook-form|ioredis)($|\/)/.test(name), `"./server/ai-sdk" imports ${name}`);
const { toolsWithElicitationRelay } = await import(`${pkg.name}/server/ai-sdk`);
assert.equal(typeof toolsWithElicitationRelay, "function");
// "./server/sdk": names @modelcontextprotocol/sdk (an optional peer) only in an import() a v1 client reaches, no React.
const sdkGraph = moduleGraph("../dist/server/sdk.js");
for (const name of sdkGraph.packages) assert.ok(!/^(react|react-dom|react-hook-form|ioredis|@ai-sdk\/mcp)($|\/)/.test(name), `"./server/sdk" imports ${name}`);
const { elicitationsThroughRelay } = await import(`${pkg.name}/server/sdk`);
assert.equal(typeof elicitationsThroughRelay, "function");
// "./client/sdk/v1" and "./client/sdk/v2": the page's queue wired to an SDK Client. Only v1's names
// @modelcontextprotocol/sdk (statically); v2's imports no package at run time, so a page on SDK v2 alone
// never meets SDK v1 (e2e/sdkV2Only builds one). Neither reaches React.
const sdkV1Graph = moduleGraph("../dist/client/sdk/v1.js");
assert.ok(sdkV1Graph.packages.has("@modelcontextprotocol/sdk/types.js"), `"./client/sdk/v1" must import @modelcontextprotocol/sdk by name`);
for (const name of sdkV1Graph.packages) assert.ok(/^@modelcontextprotocol\/sdk\//.test(name), `"./client/sdk/v1" imports ${name}`);
const sdkV2Graph = moduleGraph("../dist/client/sdk/v2.js");
assert.deepEqual([...sdkV2Graph.packages], [], `"./client/sdk/v2" imports ${[...sdkV2Graph.packages].join(", ")}`);
for (const entry of ["client/sdk/v1", "client/sdk/v2"]) assert.equal(typeof (await import(`${pkg.name}/${entry}`)).elicitationsThroughQueue, "function");
// "./server/web-push": the only entry naming web-push (an optional peer), no React; "./push": no package at all (a worker imports it).
const webPushGraph = moduleGraph("../dist/server/web-push.js");
assert.ok(webPushGraph.packages.has("web-push"), `"./server/web-push" must import web-push by name`);
for (const name of webPushGraph.packages) assert.ok(!/^(react|react-dom|react-hook-form|ioredis)($|\/)/.test(name), `"./server/web-push" imports ${name}`);
const pushGraph = moduleGraph("../dist/push.js");
assert.deepEqual([...pushGraph.packages], [], `"./push" imports ${[...pushGraph.packages].join(", ")}`);
assert.equal(typeof (await import(`${pkg.name}/push`)).listenForElicitationPush, "function");
assert.equal(typeof (await import(`${pkg.name}/server/web-push`)).createElicitationPush, "function");

// "./element": React travels inside its bundle (the page has none of its own), so its module graph names
// neither React nor react-hook-form; importing it where there is no \`customElements\` (a server rendering
// the page) defines nothing and throws nothing.
const elementGraph = moduleGraph("../dist/element/index.js");
for (const name of elementGraph.packages) assert.ok(!/^(react|react-dom|react-hook-form|scheduler)($|\/)/.test(name), `"./element" imports ${name}`);
const element = await import(`${pkg.name}/element`);
assert.equal(typeof element.createElicitationQueue, "function");
assert.equal(typeof globalThis.customElements, "undefined");

// "./server/testing": the store conformance suite, no test framework and no ioredis in its graph; it passes on the memory store here.
const testingGraph = moduleGraph("../dist/server/testing.js");
for (const name of testingGraph.packages) assert.ok(!/^(react|react-dom|ioredis|pg|vitest|jest|mocha|@jest\/|node:test)($|\/)/.test(name), `"./server/testing" imports ${name}`);
const { registerRelayStoreConformance, relayStoreConformance } = await import(`${pkg.name}/server/testing`);
const conformance = [];
registerRelayStoreConformance((name, run) => conformance.push({ name, run }), () => [server.createMemoryRelayStore()]);
assert.equal(conformance.length, relayStoreConformance.length);
for (const { name, run } of conformance) await run().catch((error) => assert.fail(`the memory store fails "${name}": ${error.message}`));

// "./styles.css" resolves to a file.
assert.ok(readFileSync(resolve(`${pkg.name}/styles.css`), "utf8").includes(".rme-dialog"));
console.log(
  `package ok: "." ("use client"), "./core" (${coreFiles.size} modules, no React, no "use client"), "./client" (${clientGraph.files.size} modules, no React, a request and its answer through a real relay), "./client/sdk/v1" (SDK v1 only), "./client/sdk/v2" (no package), "./server" (${serverGraph.files.size} modules, no React, no ioredis, no pg), "./server/redis", "./server/postgres", "./server/ai-sdk", "./server/sdk", "./server/web-push", "./push", "./server/testing" (${conformance.length} cases pass on the memory store), "./element" (${elementGraph.files.size} modules, React inside) and "./styles.css" load in Node without a DOM`,
);
