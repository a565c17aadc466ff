// The element's queue: the client's queue (assembleElicitationQueue) whose admission step, the request's
// preparation and checks, comes in the chunk that draws, loaded when the first request arrives (or
// earlier, when the page is idle). Until then requests wait in arrival order; each is then admitted,
// or refused with the same error, as by the client's createElicitationQueue. A failed load refuses the
// requests waiting with its error; the next request loads again.
// Remembered lines wait the same way (one whose chunk failed is not drawn).
import type { QueueAdmissionMaker } from "../client/queue/assembleElicitationQueue";
import { assembleElicitationQueue } from "../client/queue/assembleElicitationQueue";
import type { ElicitationQueue, ElicitationQueueOptions, ElicitationQueueRequest } from "../client/types";
import type { ElicitResult } from "../core/types";
import { loadOutletView } from "./loadOutletView";

export function createElicitationQueue(options: ElicitationQueueOptions = {}): ElicitationQueue {
  let loaded: QueueAdmissionMaker | undefined;
  // Asked at the first admission, which waits below until `loaded` is set.
  const queue = assembleElicitationQueue(options, (settings) => (loaded as QueueAdmissionMaker)(settings));
  const admit = queue.request;
  /** Requests that arrived before the maker was loaded, in arrival order. */
  const early: { run(): void; fail(error: unknown): void }[] = [];
  let loading = false;

  function load(): void {
    if (loading) return;
    loading = true;
    loadOutletView().then(
      (view) => {
        loaded = view.createQueueAdmission;
        // In arrival order, each through the queue's budget as if it had just arrived.
        for (const each of early.splice(0)) each.run();
      },
      (error: unknown) => {
        loading = false;
        for (const each of early.splice(0)) each.fail(error);
      },
    );
  }

  // A line for a question answered from a remembered decision is drawn, so it waits for the chunk as well.
  const addRemembered = queue.addRemembered;
  queue.addRemembered = (line) => {
    if (loaded !== undefined && early.length === 0) return addRemembered(line);
    early.push({ run: () => void addRemembered(line), fail: () => undefined });
    load();
    return true;
  };

  queue.request = (request: ElicitationQueueRequest): Promise<ElicitResult> => {
    if (loaded !== undefined && early.length === 0) return admit(request);
    return new Promise<ElicitResult>((resolve, reject) => {
      early.push({ run: () => admit(request).then(resolve, reject), fail: reject });
      load();
    });
  };
  return queue;
}
