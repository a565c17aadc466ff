// A host that declares tasks.requests.elicitation.create (SDK v1's experimental tasks): the server
// sends elicitation/create with `task`, the client answers at once with a task, and the server
// polls tasks/get and fetches tasks/result — the flow of server-everything's
// trigger-elicitation-request-async. The person still answers through the queue's dialog.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTaskStore } from "@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it } from "vitest";
import { z } from "zod";
import { createElicitationQueue, ElicitationOutlet } from "../../src/index";
import { githubUsername } from "../fixtures/seedRequests";

const SERVER_NAME = "Acme tools";
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
});

const ElicitRequestAsSent = z.object({ method: z.literal("elicitation/create"), params: z.record(z.string(), z.unknown()) });

it("a task-augmented request is answered with a task at once; the dialog's answer becomes the task's result", async () => {
  const user = userEvent.setup();
  const server = new McpServer({ name: "acme", version: "1.0.0" });
  const statuses: string[] = [];
  server.registerTool("ask_async", { description: "Asks as a client-side task and polls for the answer" }, async (extra) => {
    const created = await extra.sendRequest(
      // The SDK's request type has no `task` on elicitation params yet; the wire has.
      { method: "elicitation/create", params: { ...githubUsername, task: { ttl: 60_000 } } } as never,
      z.object({ task: z.object({ taskId: z.string(), status: z.string() }) }),
    );
    let status = created.task.status;
    while (status !== "completed" && status !== "failed" && status !== "cancelled") {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await extra.sendRequest({ method: "tasks/get", params: { taskId: created.task.taskId } }, z.looseObject({ status: z.string() }))).status;
      if (statuses.at(-1) !== status) statuses.push(status);
    }
    const result = await extra.sendRequest({ method: "tasks/result", params: { taskId: created.task.taskId } }, z.looseObject({}));
    return { content: [{ type: "text", text: JSON.stringify(result) }] };
  });

  const queue = createElicitationQueue();
  const client = new Client(
    { name: "host", version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {} }, tasks: { requests: { elicitation: { create: {} } }, list: {}, cancel: {} } },
      taskStore: new InMemoryTaskStore(),
    },
  );
  // The recipe: with `task` in the params, create the task, answer with it at once, and store the
  // queue's answer as its result when the person has answered.
  client.setRequestHandler(ElicitRequestAsSent, async (request, extra) => {
    const { task: taskParams, ...params } = request.params as { task?: { ttl?: number } };
    const answer = queue.request({ serverName: SERVER_NAME, params, timeoutMs: taskParams?.ttl });
    if (!taskParams || !extra.taskStore) return answer;
    const task = await extra.taskStore.createTask({ ttl: taskParams.ttl });
    answer.then(
      (result) => extra.taskStore!.storeTaskResult(task.taskId, "completed", result),
      (error: Error) => extra.taskStore!.updateTaskStatus(task.taskId, "failed", error.message),
    );
    return { task };
  });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  cleanups.push(() => client.close(), () => server.close());
  render(<ElicitationOutlet queue={queue} />);

  const call = client.callTool({ name: "ask_async", arguments: {} });
  await user.type(await screen.findByLabelText(/^Name/), "octocat");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  const result = await call;
  expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toMatchObject({ action: "accept", content: { name: "octocat" } });
  expect(statuses.at(-1)).toBe("completed");
});
