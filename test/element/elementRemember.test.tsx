// <mcp-elicitation-outlet> and remembered decisions, against the real relay over real HTTP: the card
// offers what the relay offers, the person's tick goes with the accept, the next identical question
// is a line in the element ("answered automatically — remembered …"), not a card, and the line's
// Forget revokes the decision on the relay.
import { waitFor } from "@testing-library/dom";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import "../../src/element/index";
import { createElicitationRelay } from "../../src/server/createElicitationRelay";
import type { ElicitationRelay } from "../../src/server/types";
import { serve, type Served } from "../server/helpers/relayHarness";

const question = {
  message: "Which region?",
  requestedSchema: { type: "object", properties: { region: { type: "string", title: "Region", enum: ["eu-west", "us-east"] } }, required: ["region"] },
};

/** The test page's origin (happy-dom's) differs from the relay's port: the relay's route behind CORS, as a host would serve it to another origin. */
const withCors =
  (handle: (request: Request) => Promise<Response>) =>
  async (request: Request): Promise<Response> => {
    const cors = { "access-control-allow-origin": location.origin, "access-control-allow-headers": "content-type, accept, last-event-id", "access-control-allow-methods": "GET, POST" };
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
    const response = await handle(request);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(cors)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  };

let relay: ElicitationRelay;
let served: Served;
beforeEach(async () => {
  relay = createElicitationRelay({ identify: () => "ada", remember: { chat: "chatId" }, allowedOrigins: [location.origin] });
  served = await serve(withCors(relay.handle));
});
afterEach(async () => {
  document.body.replaceChildren();
  await relay.close();
  await served.close();
});

describe("<mcp-elicitation-outlet> remembered decisions", () => {
  it("tick and submit; the next identical question is a line with Forget, which revokes it", async () => {
    const user = userEvent.setup();
    const outlet = document.createElement("mcp-elicitation-outlet");
    outlet.setAttribute("relay-url", served.url);
    outlet.setAttribute("presentation", "inline");
    document.body.append(outlet);

    const first = relay.request({ owner: "ada", serverName: "Deploy", params: question, context: { chatId: "c1" } });
    const remember = await waitFor(() => outlet.querySelector<HTMLInputElement>('input[data-remember="chat"]') ?? Promise.reject(new Error("no checkbox yet")));
    expect(remember.closest("label")!.textContent).toBe("Remember for this chat");
    // A new card ignores input for its first 500 ms.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(outlet.querySelector('input[data-remember="server"]')).toBeNull();
    await user.click(outlet.querySelector<HTMLInputElement>('input[value="us-east"]')!);
    await user.click(remember);
    await user.click(outlet.querySelector<HTMLButtonElement>('button[data-action="accept"]')!);
    expect(await first).toEqual({ action: "accept", content: { region: "us-east" } });

    expect(await relay.request({ owner: "ada", serverName: "Deploy", params: question, context: { chatId: "c1" } })).toEqual({ action: "accept", content: { region: "us-east" } });
    const line = await waitFor(() => outlet.querySelector('[data-remembered="answered"]') ?? Promise.reject(new Error("no line yet")));
    expect(line.textContent).toMatch(/^Deploy: answered automatically — remembered .+ · Forget$/);
    expect(outlet.querySelector('button[data-action="accept"]')).toBeNull();

    await user.click(line.querySelector("button")!);
    await waitFor(() => expect(outlet.querySelector('[data-remembered="forgotten"]')?.textContent).toBe("Forgotten. Deploy will ask you next time."));
    expect(await relay.remembered("ada")).toEqual([]);
  });
});
