import type { ElicitationQueue } from "../../client/types";
import type { ElicitationAttentionOptions } from "./types";
import { useElicitationAttention } from "./useElicitationAttention";

export interface ElicitationAttentionSignalsProps extends ElicitationAttentionOptions {
  queue: ElicitationQueue;
}

/**
 * The signals outside the page, placed anywhere: the title badge, system notifications and
 * `onAttention`, each opt-in. Draws nothing. A host that needs `requestNotificationPermission`
 * (a "Notify me" button) calls `useElicitationAttention` instead.
 */
export function ElicitationAttentionSignals({ queue, ...options }: ElicitationAttentionSignalsProps) {
  useElicitationAttention(queue, options);
  return null;
}
