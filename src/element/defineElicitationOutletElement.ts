// <mcp-elicitation-outlet>: the outlet for pages without React of their own (Svelte, Vue, plain HTML).
// Attributes for the common case, properties for the rest, DOM events out. Its cards are drawn in the
// element's own children (no shadow root: docs/element.md says why), by a React root it holds while
// connected. Where there is no `customElements` (a server rendering the page) defining is a no-op.
// Up front it holds the relay's connection and the queue only: React, the form, its checks, the draft
// stores and the stylesheet come in one chunk (outletView.tsx), loaded when the first request is in the
// queue, or earlier, once the page is idle, so a question on a warm page is drawn as fast as with it all
// up front.
import type { ElicitationAttentionEvent } from "../host/attention/types";
import type { ElicitationRelayError } from "../client/relay/ElicitationRelayError";
import type { ElicitationQueue, ElicitationQueueEntry } from "../client/types";
import type { ElicitationMessagesInput } from "../messages/resolveMessages";
import { createOutletStyles, ELEMENT_RULES, type OutletStyles } from "./adoptOutletStyles";
import { createElementDrafts } from "./createElementDrafts";
import { createRelayConnections, type RelayUser } from "./createRelayConnections";
import { loadOutletView } from "./loadOutletView";
import type { OutletRoot, OutletView } from "./OutletView";
import { relayUrlOf } from "../core/relay/relayUrlOf";
import { matchesContext, readOutletAttributes } from "./readOutletAttributes";
import type { DrawnRequestWatcher, ElicitationOutletClosedEvent, ElicitationOutletShownEvent } from "./watchDrawnRequests";

/** The element's tag name. */
const ELICITATION_OUTLET_TAG = "mcp-elicitation-outlet";

/** `<mcp-elicitation-outlet>`, as scripts see it: its properties (attributes are in docs/element.md). */
export interface ElicitationOutletElement extends HTMLElement {
  /** A queue the page feeds itself (its MCP client runs in the page); takes the place of `relay-url`. */
  queue: ElicitationQueue | undefined;
  /** Replacement UI strings, whole or in part, as the outlet's `messages`. */
  messages: ElicitationMessagesInput | undefined;
  /** Only the requests it returns true for are drawn here (with `filter-context`, both must agree). */
  filter: ((entry: ElicitationQueueEntry) => boolean) | undefined;
  /** Forgets what was typed, in every outlet of the page and in this tab's `sessionStorage`: call it when the person signs out. */
  clearDrafts(): void;
  addEventListener<K extends keyof ElicitationOutletElementEventMap>(
    type: K,
    listener: (this: ElicitationOutletElement, event: ElicitationOutletElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** The element's own events. */
export interface ElicitationOutletEvents {
  /** A request drawn here started or stopped waiting unseen (docs/attention.md). */
  "mcp-elicitation-attention": CustomEvent<ElicitationAttentionEvent>;
  /** Something handled went wrong: an `ElicitationRelayError` of the relay's connection, or a `TypeError` naming an attribute or property it cannot take, or saying that what draws the requests could not be loaded. */
  "mcp-elicitation-error": CustomEvent<ElicitationRelayError | TypeError>;
  /** A request was drawn here (a card or the dialog appeared). */
  "mcp-elicitation-shown": CustomEvent<ElicitationOutletShownEvent>;
  /** A request drawn here left: answered, withdrawn, timed out, or stopped. Never the answer's content. */
  "mcp-elicitation-closed": CustomEvent<ElicitationOutletClosedEvent>;
}

/** The element's DOM events (they bubble, and cross shadow roots). */
export interface ElicitationOutletElementEventMap extends HTMLElementEventMap, ElicitationOutletEvents {}

const OBSERVED = ["relay-url", "presentation", "layout", "locale", "dir", "filter-context", "drafts", "title-badge", "stop-asking"];
const PROPERTIES = ["queue", "messages", "filter"] as const;

/** Something for the outlet to draw: a request waiting, or a URL-mode step the person opened. */
const asks = (queue: ElicitationQueue) => {
  const { entries, urlSteps } = queue.getSnapshot();
  return entries.length > 0 || urlSteps.length > 0;
};

/** Defines `<mcp-elicitation-outlet>` once; nothing where `customElements` is absent. */
export function defineElicitationOutletElement(): void {
  if (typeof customElements === "undefined" || typeof HTMLElement === "undefined") return;
  if (customElements.get(ELICITATION_OUTLET_TAG) !== undefined) return;
  // Shared by every element of the page: one connection per relay URL, one stylesheet, one draft store of each kind.
  // The chunk that draws, once loaded, with its stylesheet; what is loading it.
  let view: { parts: OutletView; styles: OutletStyles } | undefined;
  let viewLoading: Promise<unknown> | undefined;
  // Each connected element's render: once the chunk is in, every element draws its (empty) outlet, so
  // React's code has run before the first question, as when it all loaded with the page.
  const connected = new Map<HTMLElement, () => void>();
  const loadView = () =>
    (viewLoading ??= loadOutletView().then(
      (parts) => {
        view ??= { parts, styles: parts.createOutletStyles() };
        drafts.loaded(parts.createElicitationDraftStore);
        for (const render of [...connected.values()]) render();
      },
      (error: unknown) => {
        // The next request tries again (a network back, a deploy finished).
        viewLoading = undefined;
        throw error;
      },
    ));
  const drafts = createElementDrafts(() => void loadView().catch(() => undefined));
  const relays = createRelayConnections(drafts.relay);
  const elementStyles = createOutletStyles(ELEMENT_RULES);
  /** Adopts `styles` where this element draws: the document, and the shadow root it sits in. */
  const adoptAround = (element: HTMLElement, styles: OutletStyles) => {
    styles.adoptIn(document);
    const rootNode = element.getRootNode();
    if (rootNode instanceof ShadowRoot) styles.adoptIn(rootNode);
  };
  let prefetching = false;
  /** Fetches the chunk once the page has nothing else to do, so the first question finds it ready. */
  const prefetchWhenIdle = () => {
    if (prefetching) return;
    prefetching = true;
    const prefetch = () => void loadView().catch(() => undefined);
    if (typeof requestIdleCallback === "function") requestIdleCallback(prefetch);
    else setTimeout(prefetch, 0);
  };

  class OutletElement extends HTMLElement {
    static readonly observedAttributes = OBSERVED;
    #connected = false;
    /** Drawing, once the chunk is loaded. */
    #root: OutletRoot | undefined;
    #queue: ElicitationQueue | undefined;
    #messages: ElicitationMessagesInput | undefined;
    #filter: ((entry: ElicitationQueueEntry) => boolean) | undefined;
    #relay: { url: string; queue: ElicitationQueue; release(): void } | undefined;
    readonly #relayUser: RelayUser = { onError: (error) => this.#emit("mcp-elicitation-error", error) };
    /** Problems already reported, so a render does not repeat them. */
    readonly #reported = new Set<string>();
    /** Requests this element reported unseen: their "seen" or "ended" is its to report. */
    readonly #unseen = new Set<string>();
    /** The queue drawn from; before the chunk is loaded, what waits for its first request; once drawing, what follows the requests drawn ("shown" / "closed" events). */
    #watched: { queue: ElicitationQueue; untilAsked?: () => void; loading?: boolean; watcher?: DrawnRequestWatcher } | undefined;

    get queue() {
      return this.#queue;
    }
    set queue(value) {
      if (value != null && (typeof value !== "object" || typeof value.subscribe !== "function" || typeof value.request !== "function")) {
        throw new TypeError("<mcp-elicitation-outlet>.queue must be a queue made by createElicitationQueue(), or undefined.");
      }
      this.#queue = value ?? undefined;
      this.#render();
    }
    get messages() {
      return this.#messages;
    }
    set messages(value) {
      if (value != null && typeof value !== "object") throw new TypeError("<mcp-elicitation-outlet>.messages must be an object of UI strings, or undefined.");
      this.#messages = value ?? undefined;
      this.#render();
    }
    get filter() {
      return this.#filter;
    }
    set filter(value) {
      if (value != null && typeof value !== "function") throw new TypeError("<mcp-elicitation-outlet>.filter must be a function (entry) => boolean, or undefined.");
      this.#filter = value ?? undefined;
      this.#render();
    }

    clearDrafts() {
      drafts.clear();
    }

    connectedCallback() {
      // A property set before the element was defined sits on the instance, hiding the accessor.
      for (const name of PROPERTIES) {
        if (Object.prototype.hasOwnProperty.call(this, name)) {
          const value = (this as Record<string, unknown>)[name];
          delete (this as Record<string, unknown>)[name];
          (this as Record<string, unknown>)[name] = value;
        }
      }
      this.#connected = true;
      connected.set(this, () => this.#render());
      adoptAround(this, elementStyles);
      prefetchWhenIdle();
      this.#render();
    }

    disconnectedCallback() {
      // Moved (taken out and put back in the same task): keep the root, the connection and what is typed.
      queueMicrotask(() => {
        if (this.isConnected) return;
        this.#connected = false;
        connected.delete(this);
        this.#root?.unmount();
        this.#root = undefined;
        this.#relay?.release();
        this.#relay = undefined;
        this.#watch(undefined);
      });
    }

    attributeChangedCallback() {
      this.#render();
    }

    #emit(type: keyof ElicitationOutletElementEventMap, detail: unknown) {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    }

    #report(problem: string) {
      if (this.#reported.has(problem)) return;
      this.#reported.add(problem);
      this.#emit("mcp-elicitation-error", new TypeError(`<mcp-elicitation-outlet> ${problem}`));
    }

    #render() {
      if (!this.#connected) return;
      const attributes = readOutletAttributes((name) => this.getAttribute(name));
      for (const problem of attributes.problems) this.#report(problem);
      const queue = this.#queue ?? this.#relayQueue(attributes.relayUrl);
      const watched = this.#watch(queue);
      if (queue === undefined || watched === undefined) {
        this.#root?.render(null);
        return;
      }
      const root = this.#root ?? this.#rootOnceAsked(queue);
      if (root === undefined || view === undefined) return;
      watched.watcher ??= view.parts.watchDrawnRequests(queue, {
        shown: (event: ElicitationOutletShownEvent) => this.#emit("mcp-elicitation-shown", event),
        closed: (event: ElicitationOutletClosedEvent) => this.#emit("mcp-elicitation-closed", event),
      });
      const own = this.#filter;
      const { context } = attributes;
      const filter =
        own === undefined && context === undefined
          ? undefined
          : (entry: ElicitationQueueEntry) => (context === undefined || matchesContext(entry, context)) && (own === undefined || this.#accepts(own, entry));
      root.render({
        queue: watched.watcher.queue,
        presentation: attributes.presentation,
        layout: attributes.layout,
        locale: attributes.locale,
        dir: attributes.dir,
        messages: this.#messages,
        filter,
        // Memory by default: a draft only ever comes back to its own question, so keeping one costs nothing.
        drafts: attributes.drafts === "off" ? undefined : drafts.store(attributes.drafts ?? "memory"),
        titleBadge: attributes.titleBadge,
        stopAsking: attributes.stopAsking,
        onAttention: (event) => this.#attention(queue, filter, event),
      });
    }

    /** The root, made now if the chunk is here; else undefined, and the chunk is loaded once `queue` asks something. */
    #rootOnceAsked(queue: ElicitationQueue): OutletRoot | undefined {
      if (view !== undefined) {
        this.#stopWaiting();
        adoptAround(this, view.styles);
        return (this.#root = view.parts.createRoot(this));
      }
      if (asks(queue)) this.#drawWhenLoaded(queue);
      else this.#waitForAsking(queue);
      return undefined;
    }

    /** Loads the chunk at the queue's first request (every change is looked at until then). */
    #waitForAsking(queue: ElicitationQueue) {
      const watched = this.#watched;
      if (watched === undefined || watched.untilAsked !== undefined || watched.loading) return;
      watched.untilAsked = queue.subscribe(() => {
        if (!asks(queue)) return;
        this.#stopWaiting();
        this.#drawWhenLoaded(queue);
      });
    }

    #stopWaiting() {
      this.#watched?.untilAsked?.();
      if (this.#watched) this.#watched.untilAsked = undefined;
    }

    #drawWhenLoaded(queue: ElicitationQueue) {
      const watched = this.#watched;
      if (watched === undefined || watched.loading) return;
      watched.loading = true;
      loadView().then(
        () => {
          watched.loading = false;
          if (this.#watched === watched) this.#render();
        },
        (error: unknown) => {
          watched.loading = false;
          if (this.#watched !== watched) return;
          this.#emit(
            "mcp-elicitation-error",
            new TypeError(`<mcp-elicitation-outlet> could not load what draws its requests (${error instanceof Error ? error.message.slice(0, 200) : "not an Error"}); the next request tries again.`),
          );
          this.#waitForAsking(queue);
        },
      );
    }

    /** What this element keeps of `queue` (the same while the queue stays); stops following the one before. */
    #watch(queue: ElicitationQueue | undefined) {
      if (this.#watched?.queue === queue) return this.#watched;
      this.#watched?.watcher?.stop();
      this.#watched?.untilAsked?.();
      this.#watched = queue === undefined ? undefined : { queue };
      return this.#watched;
    }

    /** The page's `filter`; one that throws draws nothing here (said once), never a blank page. */
    #accepts(own: (entry: ElicitationQueueEntry) => boolean, entry: ElicitationQueueEntry): boolean {
      try {
        return Boolean(own(entry));
      } catch (error) {
        // Said after the render it happened in, so a listener may change the element at once.
        queueMicrotask(() =>
          this.#report(`.filter threw (${error instanceof Error ? error.message.slice(0, 100) : "not an Error"}); the requests it threw for are not drawn here.`),
        );
        return false;
      }
    }

    /** The shared queue of the relay at `relayUrl`, held while this element uses it. */
    #relayQueue(relayUrl: string | undefined): ElicitationQueue | undefined {
      let url: string | undefined;
      if (this.#queue === undefined && relayUrl !== undefined) {
        try {
          url = relayUrlOf(relayUrl, document.baseURI, "relay-url");
        } catch (error) {
          this.#report(`${(error as Error).message}; nothing is shown.`);
        }
      }
      if (this.#relay !== undefined && this.#relay.url !== url) {
        this.#relay.release();
        this.#relay = undefined;
      }
      if (url !== undefined && this.#relay === undefined) this.#relay = { url, ...relays.acquire(url, this.#relayUser) };
      return this.#relay?.queue;
    }

    #attention(queue: ElicitationQueue, filter: ((entry: ElicitationQueueEntry) => boolean) | undefined, event: ElicitationAttentionEvent) {
      if (event.type === "unseen") {
        const entry = queue.getSnapshot().entries.find((each) => each.id === event.id);
        if (entry === undefined || (filter !== undefined && !filter(entry))) return;
        this.#unseen.add(event.id);
      } else if (!this.#unseen.delete(event.id)) {
        return;
      }
      this.#emit("mcp-elicitation-attention", { ...event });
    }
  }

  customElements.define(ELICITATION_OUTLET_TAG, OutletElement);
}
