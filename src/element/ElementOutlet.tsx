// What the element draws: the outlet, and the attention signals whose events it passes on as DOM events.
import type { ElicitationDraftStore } from "../form/createElicitationDraftStore";
import type { ElicitationLayout } from "../form/useElicitationLayout";
import { ElicitationAttention } from "../host/ElicitationAttention";
import type { ElicitationAttentionEvent } from "../host/attention/types";
import { ElicitationOutlet } from "../host/ElicitationOutlet";
import type { ElicitationQueue, ElicitationQueueEntry } from "../client/types";
import type { ElicitationMessagesInput } from "../messages/resolveMessages";
import type { TextDirection } from "../ui/TextDirection";

export interface ElementOutletProps {
  queue: ElicitationQueue;
  presentation: "dialog" | "inline" | undefined;
  layout: ElicitationLayout | undefined;
  locale: string | undefined;
  dir: TextDirection | undefined;
  messages: ElicitationMessagesInput | undefined;
  filter: ((entry: ElicitationQueueEntry) => boolean) | undefined;
  drafts: ElicitationDraftStore | undefined;
  titleBadge: boolean;
  stopAsking: boolean;
  onAttention: (event: ElicitationAttentionEvent) => void;
}

export function ElementOutlet({ queue, presentation, layout, locale, dir, messages, filter, drafts, titleBadge, stopAsking, onAttention }: ElementOutletProps) {
  return (
    <>
      <ElicitationOutlet
        queue={queue}
        presentation={presentation}
        layout={layout}
        locale={locale}
        dir={dir}
        messages={messages}
        filter={filter}
        drafts={drafts}
        stopAsking={stopAsking}
      />
      <ElicitationAttention.Signals queue={queue} titleBadge={titleBadge} onAttention={onAttention} messages={messages} locale={locale} />
    </>
  );
}
