// @modelcontextprotocol/client and /server v2, both delivery styles:
// - 2025 era (request style): the server sends elicitation/create, the client's handler answers;
// - 2026-07-28 (input_required): a tool call returns `inputRequests`, the client retries with
//   `inputResponses` — answered through `answerInputRequests`, or by the SDK's own auto-fulfilment
//   calling the same elicitation handler.
import { Client, InMemoryTransport, isInputRequiredResult, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { acceptedContent, createMcpHandler, inputRequired, McpServer } from "@modelcontextprotocol/server";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { elicitationsThroughQueue } from "../../src/client/sdk/v2/index";
import { answerInputRequests, createElicitationQueue, ElicitationOutlet, type ElicitationQueue } from "../../src/index";
import { bankTransfer, githubUsernameTitled, shippingConfirm, shippingTrackingNumber } from "../fixtures/seedRequests";

const SERVER_NAME = "Parcel service";
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
});

function textOf(result: { content?: unknown }): string {
  return (result.content as { text: string }[])[0]!.text;
}

function showQueue(): ElicitationQueue {
  const queue = createElicitationQueue();
  render(<ElicitationOutlet queue={queue} />);
  return queue;
}

/** The host's one call; it serves both eras, with the params as sent (`pattern` kept). */
function wireElicitation(client: Client, queue: ElicitationQueue) {
  elicitationsThroughQueue(client, { queue, serverName: SERVER_NAME });
}

describe("SDK v2, request style (2025 era)", () => {
  async function connect() {
    const server = new McpServer({ name: "parcels", version: "2.0.0" });
    let pending: { params: object; controller: AbortController } | undefined;
    server.registerTool("ask", { description: "Elicits the params it was given" }, async (ctx) => {
      const { params, controller } = pending!;
      try {
        const result = await ctx.mcpReq.elicitInput(params as never, { signal: controller.signal });
        return { content: [{ type: "text", text: JSON.stringify(result) }] };
      } catch (error) {
        const { code, message } = error as { code?: number; message: string };
        return { content: [{ type: "text", text: `error ${code}: ${message}` }], isError: true };
      }
    });
    const queue = showQueue();
    const client = new Client({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {}, url: {} } } });
    wireElicitation(client, queue);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    cleanups.push(() => server.close(), () => client.close());
    return {
      ask: async (params: object) => {
        pending = { params, controller: new AbortController() };
        return textOf(await client.callTool({ name: "ask", arguments: {} }));
      },
      withdraw: () => pending?.controller.abort(new Error("No longer needed")),
    };
  }

  it("accept: typed content, with the server's pattern enforced in the dialog", async () => {
    const user = userEvent.setup();
    const { ask } = await connect();
    const answer = ask(bankTransfer);
    await screen.findByRole("dialog", { name: /Parcel service/ });
    await user.type(screen.getByLabelText(/^Amount/), "99");
    await user.type(screen.getByLabelText(/^Recipient account/), "12345");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByLabelText(/^Recipient account/)).toHaveAttribute("aria-invalid", "true");
    await user.type(screen.getByLabelText(/^Recipient account/), "67890");
    await user.click(screen.getByRole("radio", { name: "Express" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(JSON.parse(await answer)).toEqual({
      action: "accept",
      content: { amount: 99, recipient_account: "1234567890", priority: "exp" },
    });
  });

  it("decline and cancel", async () => {
    const user = userEvent.setup();
    const { ask } = await connect();
    const declined = ask(githubUsernameTitled);
    await screen.findByRole("dialog");
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(JSON.parse(await declined)).toEqual({ action: "decline" });
    const cancelled = ask(githubUsernameTitled);
    await screen.findByRole("dialog");
    await user.keyboard("{Escape}");
    expect(JSON.parse(await cancelled)).toEqual({ action: "cancel" });
  });

  it("server-side cancel closes the dialog", async () => {
    const { ask, withdraw } = await connect();
    const answer = ask(githubUsernameTitled);
    await screen.findByRole("dialog");
    act(() => withdraw());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await answer).toMatch(/^error .*No longer needed/);
  });
});

describe("SDK v2, input_required style (2026-07-28)", () => {
  /** A 2026-07-28 server: asks for a tracking number and a confirmation in one round. */
  function parcelServer(received: unknown[]) {
    return createMcpHandler(() => {
      const server = new McpServer({ name: "parcels", version: "2.0.0" });
      server.registerTool("redirect_parcel", { description: "Redirects a parcel after asking" }, async (ctx) => {
        const responses = ctx.mcpReq.inputResponses;
        if (!responses) {
          return inputRequired({
            inputRequests: {
              tracking: inputRequired.elicit(shippingTrackingNumber as never),
              confirm: inputRequired.elicit(shippingConfirm as never),
            },
            requestState: "round-1",
          });
        }
        received.push({ responses, state: ctx.mcpReq.requestState() });
        const tracking = acceptedContent(responses, "tracking");
        const confirm = acceptedContent(responses, "confirm");
        return { content: [{ type: "text", text: JSON.stringify({ tracking, confirm }) }] };
      });
      return server;
    });
  }

  it("the manual retry loop from the docs completes the call", async () => {
    const user = userEvent.setup();
    const received: unknown[] = [];
    const queue = showQueue();
    const client = await connect(received, false);
    const answerAll = async () => {
      await user.type(await screen.findByLabelText(/Tracking Number/), "QRS11112222");
      await user.click(screen.getByRole("button", { name: "Submit" }));
      await user.click(await screen.findByRole("checkbox", { name: /Confirm Address Change/ }));
      await user.click(screen.getByRole("button", { name: "Submit" }));
    };
    const person = answerAll();

    const call = { name: "redirect_parcel", arguments: {} };
    let result = await client.callTool(call, { allowInputRequired: true });
    let rounds = 0;
    while (isInputRequiredResult(result)) {
      rounds++;
      const inputResponses = await answerInputRequests(result.inputRequests, { queue, serverName: SERVER_NAME });
      // CallToolRequest's params type does not list the retry fields; the wire accepts them.
      const retry = { ...call, inputResponses, requestState: result.requestState } as typeof call;
      result = await client.callTool(retry, { allowInputRequired: true });
    }
    await person;
    expect(rounds).toBe(1);
    expect(JSON.parse(textOf(result))).toEqual({ tracking: { trackingNumber: "QRS11112222" }, confirm: { confirmed: true } });
  });

  async function connect(received: unknown[], autoFulfill: boolean) {
    const handler = parcelServer(received);
    const client = new Client(
      { name: "host", version: "1.0.0" },
      {
        capabilities: { elicitation: { form: {}, url: {} } },
        versionNegotiation: { mode: { pin: "2026-07-28" } },
        inputRequired: { autoFulfill },
      },
    );
    // The HTTP handler is called in-process: a real 2026-07-28 exchange without a socket.
    const transport = new StreamableHTTPClientTransport(new URL("http://parcels.test/mcp"), {
      fetch: (url, init) => handler.fetch(new Request(url, init)),
    });
    await client.connect(transport);
    cleanups.push(() => client.close());
    return client;
  }

  it("answerInputRequests shows each request of the map in turn and returns the inputResponses map", async () => {
    const user = userEvent.setup();
    const received: unknown[] = [];
    const queue = showQueue();
    const client = await connect(received, false);

    // Manual mode: the host sees the input_required result and answers it itself.
    const call = { name: "redirect_parcel", arguments: {} };
    const first = (await client.callTool(call, { allowInputRequired: true })) as {
      resultType?: string;
      inputRequests?: Record<string, unknown>;
      requestState?: string;
    };
    expect(first.resultType).toBe("input_required");

    const responses = answerInputRequests(first.inputRequests, { queue, serverName: SERVER_NAME });
    const dialog = await screen.findByRole("dialog", { name: /Parcel service/ });
    expect(within(dialog).getByTestId("rme-queue-position")).toHaveTextContent("1 of 2");
    await user.type(screen.getByLabelText(/Tracking Number/), "ABC12345678");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await user.click(await screen.findByRole("checkbox", { name: /Confirm Address Change/ }));
    await user.click(screen.getByRole("button", { name: "Submit" }));

    const inputResponses = await responses;
    expect(inputResponses).toEqual({
      tracking: { action: "accept", content: { trackingNumber: "ABC12345678" } },
      confirm: { action: "accept", content: { confirmed: true } },
    });
    const final = await client.callTool({ ...call, inputResponses, requestState: first.requestState } as typeof call, {
      allowInputRequired: true,
    });
    expect(JSON.parse(textOf(final))).toEqual({ tracking: { trackingNumber: "ABC12345678" }, confirm: { confirmed: true } });
    expect(received).toEqual([{ responses: inputResponses, state: "round-1" }]);
  });

  it("declined and cancelled requests are answered as such, and the server sees them", async () => {
    const user = userEvent.setup();
    const received: unknown[] = [];
    const queue = showQueue();
    const client = await connect(received, false);
    const call = { name: "redirect_parcel", arguments: {} };
    const first = (await client.callTool(call, { allowInputRequired: true })) as {
      inputRequests?: Record<string, unknown>;
      requestState?: string;
    };
    const responses = answerInputRequests(first.inputRequests, { queue, serverName: SERVER_NAME });
    await screen.findByRole("dialog");
    await user.click(screen.getByRole("button", { name: "Decline" }));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    const inputResponses = await responses;
    expect(inputResponses).toEqual({ tracking: { action: "decline" }, confirm: { action: "cancel" } });

    const final = await client.callTool({ ...call, inputResponses, requestState: first.requestState } as typeof call);
    expect(JSON.parse(textOf(final))).toEqual({});
    expect(received).toEqual([{ responses: { tracking: { action: "decline" }, confirm: { action: "cancel" } }, state: "round-1" }]);
  });

  it("the SDK's auto-fulfilment calls the same elicitation handler, so one wiring serves both eras", async () => {
    const user = userEvent.setup();
    const received: unknown[] = [];
    const queue = showQueue();
    const client = await connect(received, true);
    wireElicitation(client, queue);

    const result = client.callTool({ name: "redirect_parcel", arguments: {} });
    await user.type(await screen.findByLabelText(/Tracking Number/), "XYZ87654321");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await user.click(await screen.findByRole("checkbox", { name: /Confirm Address Change/ }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(JSON.parse(textOf(await result))).toEqual({ tracking: { trackingNumber: "XYZ87654321" }, confirm: { confirmed: true } });
  });

  it("an invalid embedded request fails the round with -32602 and withdraws its sibling", async () => {
    const queue = showQueue();
    const responses = answerInputRequests(
      {
        ok: { method: "elicitation/create", params: githubUsernameTitled },
        bad: { method: "elicitation/create", params: { message: "x", requestedSchema: { type: "object", properties: { a: { type: "object" } } } } },
      },
      { queue, serverName: SERVER_NAME },
    );
    await expect(responses).rejects.toMatchObject({ code: -32602 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(queue.getSnapshot().entries).toEqual([]);
  });

  it("a request kind the host does not answer fails clearly, unless otherRequest handles it", async () => {
    const queue = showQueue();
    const roots = { method: "roots/list" };
    await expect(answerInputRequests({ roots }, { queue, serverName: SERVER_NAME })).rejects.toThrow(/"roots\/list", which this host does not answer/);
    await expect(
      answerInputRequests({ roots }, { queue, serverName: SERVER_NAME, otherRequest: async () => ({ roots: [] }) }),
    ).resolves.toEqual({ roots: { roots: [] } });
  });
});
