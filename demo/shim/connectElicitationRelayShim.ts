// TEMPORARY stand-in for the root entry's connectElicitationRelay while it is being built.
import type { ElicitationQueue } from "../../src/index";

export function connectElicitationRelay({ url, queue }: { url: string; queue: ElicitationQueue }): { close(): void } {
  const source = new EventSource(url);
  const held = new Map<string, AbortController>();
  source.addEventListener("request", (event) => {
    const { id, serverName, params } = JSON.parse((event as MessageEvent<string>).data) as { id: string; serverName: string; params: Record<string, unknown> };
    if (held.has(id)) return;
    const controller = new AbortController();
    held.set(id, controller);
    queue.request({ serverName, params, signal: controller.signal }).then(
      (result) => {
        held.delete(id);
        void fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id, result }) });
      },
      () => held.delete(id),
    );
  });
  source.addEventListener("closed", (event) => {
    const { id } = JSON.parse((event as MessageEvent<string>).data) as { id: string };
    held.get(id)?.abort();
    held.delete(id);
  });
  return {
    close() {
      source.close();
      for (const controller of held.values()) controller.abort();
    },
  };
}
