import { ElicitationAttentionChip } from "./attention/ElicitationAttentionChip";
import { ElicitationAttentionSignals } from "./attention/ElicitationAttentionSignals";
import { useElicitationAttention } from "./attention/useElicitationAttention";

/**
 * For a person who looked away while a request waits (docs/attention.md), in parts a host
 * composes: `Signals` (title badge, system notifications, `onAttention`; draws nothing), `Chip`
 * ("Question from GitHub ↓" at the edge of a thread whose inline card is scrolled away) and
 * `useAttention` (the same as `Signals`, returning what is unseen and `requestNotificationPermission`).
 * Each is exported by its own name as well (`ElicitationAttentionSignals`, `ElicitationAttentionChip`,
 * `useElicitationAttention`); this object is the same parts, for hosts that write `ElicitationAttention.Chip`.
 */
export const ElicitationAttention = {
  Signals: ElicitationAttentionSignals,
  Chip: ElicitationAttentionChip,
  useAttention: useElicitationAttention,
} as const;
