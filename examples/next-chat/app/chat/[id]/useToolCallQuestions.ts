"use client";
// TEMPORARY: per-tool-call queues, not yet fed by the relay.
import { useState } from "react";
import { createElicitationDraftStore, createElicitationQueue, type ElicitationDraftStore, type ElicitationQueue } from "react-mcp-elicitation";

export interface ToolCallQuestions {
  queueFor(toolCallId: string): ElicitationQueue;
  drafts: ElicitationDraftStore;
}

export function useToolCallQuestions(_url: string, _chatId: string): ToolCallQuestions {
  const [questions] = useState(() => {
    const queues = new Map<string, ElicitationQueue>();
    return {
      queueFor(toolCallId: string) {
        let queue = queues.get(toolCallId);
        if (!queue) queues.set(toolCallId, (queue = createElicitationQueue()));
        return queue;
      },
      drafts: createElicitationDraftStore(),
    };
  });
  return questions;
}
