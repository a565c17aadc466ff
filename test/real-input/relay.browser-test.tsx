// A request over the relay in Chromium, at a person's pace: it arrives on the event stream, the
// inline card is drawn, the person types and presses Submit (press, hold, release), the relay gets
// exactly one POST; a second window of the same person (its own queue and stream) closes its card
// saying it was answered in another window.
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { version } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { commands } from "vitest/browser";
import "../../src/styles.css";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { connectElicitationRelay } from "../../src/client/relay/connectElicitationRelay";
import { githubUsernameTitled } from "../fixtures/seedRequests";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const connections: { close(): void }[] = [];

afterEach(async () => {
  for (const connection of connections.splice(0)) connection.close();
  cleanup();
  await commands.relayStop();
});

/** One window of the person: its own queue, stream and chat column. */
function Window({ name, queue }: { name: string; queue: ReturnType<typeof createElicitationQueue> }) {
  return (
    <section aria-label={name} style={{ width: 360, padding: 8 }}>
      <p>Deploy the app, please.</p>
      <ElicitationOutlet queue={queue} presentation="inline" />
    </section>
  );
}

describe(`a request over the relay, in Chromium (React ${version})`, () => {
  it("is drawn as a card, answered at a person's pace with one POST, and the other window's card says it was answered there", async () => {
    const url = await commands.relayStart();
    const here = createElicitationQueue();
    const there = createElicitationQueue();
    render(
      <div style={{ display: "flex", gap: 16 }}>
        <Window name="This window" queue={here} />
        <Window name="Other window" queue={there} />
      </div>,
    );
    connections.push(connectElicitationRelay({ url, queue: here }), connectElicitationRelay({ url, queue: there }));
    await waitFor(async () => expect(await commands.relayStreams()).toBe(2));

    const id = await commands.relayRequest("GitHub", githubUsernameTitled);
    const thisWindow = screen.getByRole("region", { name: "This window" });
    const otherWindow = screen.getByRole("region", { name: "Other window" });
    await waitFor(() => expect(within(thisWindow).getByRole("region", { name: /GitHub/ })).toBeInTheDocument());
    await waitFor(() => expect(within(otherWindow).getByRole("region", { name: /GitHub/ })).toBeInTheDocument());
    // The person reads it first (the protection interval passes).
    await wait(700);

    const field = within(thisWindow).getByLabelText(/GitHub Username/).getBoundingClientRect();
    await commands.pressAt(field.left + 10, field.top + field.height / 2, 110);
    await commands.typeSlowly("octocat", 50);
    const submit = within(thisWindow).getByRole("button", { name: "Submit" }).getBoundingClientRect();
    await commands.pressAt(submit.left + submit.width / 2, submit.top + submit.height / 2, 130);

    await waitFor(() => expect(within(thisWindow).queryByRole("region", { name: /GitHub/ })).toBeNull(), { timeout: 5_000 });
    const posts = (await commands.relayPosts()).filter((post) => post.id === id);
    expect(posts).toEqual([{ id, result: { action: "accept", content: { username: "octocat" } }, status: 200 }]);

    // The other window: its card says why, then goes.
    const otherCard = within(otherWindow).getByRole("region", { name: /GitHub/ });
    expect(otherCard.querySelector(".rme-dialog__delivery")).toHaveTextContent("Answered in another window");
    await act(() => wait(2_300));
    expect(within(otherWindow).queryByRole("region", { name: /GitHub/ })).toBeNull();
    // Nothing more was sent, from either window.
    expect((await commands.relayPosts()).filter((post) => post.id === id)).toHaveLength(1);
  });
});
