// The relay's browser benchmark page: an inline outlet on one queue, fed either by the relay
// (connectElicitationRelay, same origin) or by the page itself (queue.request). Driven by bench/relay.mjs.
// Every time is epoch milliseconds (performance.timeOrigin + performance.now()), so the server's
// times and the page's can be subtracted: both clocks are this machine's.
import { createRoot } from "react-dom/client";
import { connectElicitationRelay, createElicitationQueue, ElicitationOutlet } from "../../src/index";
import stylesheet from "../../src/styles.css?inline";

const style = document.createElement("style");
style.textContent = stylesheet;
document.head.append(style);

const queue = createElicitationQueue({ rateLimit: false });
createRoot(document.getElementById("bench-root")!).render(<ElicitationOutlet queue={queue} presentation="inline" />);

const now = () => performance.timeOrigin + performance.now();

/** The inline card whose message carries `tag`, if it is in the document. */
const cardWith = (tag: string) =>
  [...document.querySelectorAll<HTMLElement>('[data-presentation="inline"]')].find((card) => card.textContent?.includes(tag));

/**
 * When the card whose message carries `tag` is first drawn: the end of the first frame rendered with
 * it in the document (found by a MutationObserver; its frame's animation callback, then a message
 * posted from there, which runs once that frame's style, layout and paint are done).
 */
function cardDrawn(tag: string): Promise<{ at: number; card: HTMLElement }> {
  return new Promise((resolve) => {
    const found = () => {
      const card = cardWith(tag);
      if (card === undefined) return false;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ at: now(), card });
        channel.port2.postMessage(null);
      });
      return true;
    };
    const observer = new MutationObserver(() => void found());
    if (!found()) observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** Clicks the card's Submit; the time just before the click. */
function submit(card: HTMLElement): number {
  const button = card.querySelector<HTMLButtonElement>('button[data-action="accept"]');
  if (button === null) throw new Error("the card has no Submit button");
  const at = now();
  button.click();
  return at;
}

/** Resolves once no card is in the document (the last one answered and gone), and a frame has passed. */
function noCard(): Promise<void> {
  return new Promise((resolve, reject) => {
    const give = setTimeout(() => reject(new Error("a card stayed in the document for 5 s")), 5_000);
    const tick = () => {
      if (document.querySelector('[data-presentation="inline"]') === null) {
        clearTimeout(give);
        requestAnimationFrame(() => resolve());
      } else requestAnimationFrame(tick);
    };
    tick();
  });
}

export interface Round {
  /** The request made (server or page) → its card drawn. */
  toCard: number;
  /** Submit clicked → the request's promise settled (server or page). */
  toSettled: number;
}

const api = {
  /** Connects the queue to the relay at `url` on this origin, as the person `user`. */
  connect(url: string, user: string) {
    connectElicitationRelay({ url, queue, headers: { "x-user": user } });
  },
  /** The server's clock minus the page's, by a round trip to /bench/clock (taken at its midpoint). */
  async clockOffset(): Promise<{ offset: number; roundTrip: number }> {
    const sent = now();
    const { at } = (await (await fetch("/bench/clock", { method: "POST" })).json()) as { at: number };
    const back = now();
    return { offset: at - (sent + back) / 2, roundTrip: back - sent };
  },
  /** One round in the page: queue.request → card drawn; Submit → the promise settled. */
  async inPage(params: { message: string; requestedSchema: unknown }): Promise<Round> {
    await noCard();
    const drawn = cardDrawn(params.message);
    const start = now();
    const settled = queue.request({ serverName: "Deployer", params }).then((result) => {
      if (result.action !== "accept") throw new Error(`the in-page request settled with ${result.action}`);
      return now();
    });
    const { at, card } = await drawn;
    const clicked = submit(card);
    return { toCard: at - start, toSettled: (await settled) - clicked };
  },
  /** One round through the relay with `store`: the server's relay.request (via /bench/request) → card drawn; Submit → its promise settled. */
  async viaRelay(store: string, round: number, tag: string): Promise<Round> {
    await noCard();
    const drawn = cardDrawn(tag);
    const body = JSON.stringify({ store, round });
    const reply = fetch("/bench/request", { method: "POST", headers: { "content-type": "application/json" }, body });
    const { at, card } = await drawn;
    const clicked = submit(card);
    const response = await reply;
    if (!response.ok) throw new Error(`/bench/request answered ${response.status}: ${await response.text()}`);
    const { start, settled } = (await response.json()) as { start: number; settled: number };
    return { toCard: at - start, toSettled: settled - clicked };
  },
};

declare global {
  interface Window {
    relayBench: typeof api;
  }
}
window.relayBench = api;
