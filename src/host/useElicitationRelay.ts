import { useEffect } from "react";
import { useCallbackRef } from "../ui/useCallbackRef";
import { connectElicitationRelay } from "../client/relay/connectElicitationRelay";
import type { ElicitationRelayConnectionOptions } from "../client/relay/ElicitationRelayConnectionOptions";

/**
 * `connectElicitationRelay` as a React hook: connected while the component is mounted (StrictMode's
 * mount, unmount and mount again leaves one connection), closed on unmount, and opened anew when
 * `url`, `queue` or `credentials` change. The latest `filter`, `headers`, `fetch`, `onError` and `drafts` are
 * used without reconnecting, so inline functions are fine. A filter that starts meaning something
 * else (another chat) takes effect for requests arriving from then on: give each chat its own queue.
 */
export function useElicitationRelay(options: ElicitationRelayConnectionOptions): void {
  const latest = useCallbackRef(() => options);
  const { queue, credentials } = options;
  const url = String(options.url);
  useEffect(() => {
    const connection = connectElicitationRelay({
      url,
      queue,
      credentials,
      limits: latest().limits,
      headers: () => {
        const { headers } = latest();
        return (typeof headers === "function" ? headers() : headers) ?? {};
      },
      fetch: (input, init) => (latest().fetch ?? globalThis.fetch)(input, init),
      filter: (request) => latest().filter?.(request) ?? true,
      onError: (error) => latest().onError?.(error),
      drafts: {
        keepOnly: (prefix, keys) => latest().drafts?.keepOnly(prefix, keys),
        clear: () => latest().drafts?.clear(),
      },
    });
    return () => connection.close();
  }, [url, queue, credentials, latest]);
}
