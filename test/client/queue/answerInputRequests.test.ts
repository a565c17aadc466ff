import { describe, expect, it } from "vitest";
import { answerInputRequests } from "../../../src/client/queue/answerInputRequests";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import { contactInfo, githubUsername } from "../../fixtures/seedRequests";

const elicit = (params: unknown) => ({ method: "elicitation/create", params });

describe("answerInputRequests", () => {
  it("queues every elicitation of the map in key order and returns the answers under the same keys", async () => {
    const queue = createElicitationQueue();
    const answers = answerInputRequests({ who: elicit(githubUsername), contact: elicit(contactInfo) }, { queue, serverName: "CRM" });
    const snapshot = queue.getSnapshot();
    expect(snapshot.entries.map((e) => [e.serverName, e.params])).toEqual([
      ["CRM", githubUsername],
      ["CRM", contactInfo],
    ]);
    queue.respond(snapshot.entries[0]!.id, { action: "accept", content: { name: "octocat" } });
    queue.respond(snapshot.entries[1]!.id, { action: "decline" });
    await expect(answers).resolves.toEqual({
      who: { action: "accept", content: { name: "octocat" } },
      contact: { action: "decline" },
    });
  });

  it("resolves an empty or missing map to an empty answer map without showing anything", async () => {
    const queue = createElicitationQueue();
    await expect(answerInputRequests(undefined, { queue, serverName: "CRM" })).resolves.toEqual({});
    await expect(answerInputRequests({}, { queue, serverName: "CRM" })).resolves.toEqual({});
    expect(queue.getSnapshot().entries).toEqual([]);
  });

  it("withdraws every dialog of the round when the host's signal aborts", async () => {
    const queue = createElicitationQueue();
    const controller = new AbortController();
    const answers = answerInputRequests(
      { a: elicit(githubUsername), b: elicit(contactInfo) },
      { queue, serverName: "CRM", signal: controller.signal },
    );
    expect(queue.getSnapshot().entries).toHaveLength(2);
    controller.abort("call abandoned");
    await expect(answers).rejects.toBe("call abandoned");
    expect(queue.getSnapshot().entries).toEqual([]);
  });

  it("rejects an entry that is not a request object with -32602 naming its key", async () => {
    const queue = createElicitationQueue();
    await expect(answerInputRequests({ odd: "elicit please" }, { queue, serverName: "CRM" })).rejects.toMatchObject({
      code: -32602,
      data: { key: "odd" },
    });
  });
});
