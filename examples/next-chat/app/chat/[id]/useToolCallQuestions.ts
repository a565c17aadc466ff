"use client";
// One relay connection per page; its questions sorted into one queue per tool call (by the
// `context.toolCallId` the server gave them), so each card is drawn under the call that asked.
import { useEffect, useState } from "react";
import {
  connectElicitationRelay,
  createElicitationQueue,
  type ElicitationDraftStore,
  type ElicitationQueue,
  type ElicitationQueueRequest,
} from "react-mcp-elicitation";
import { createSessionDraftStore } from "./createSessionDraftStore";

export interface ToolCallQuestions {
  /** The questions of this tool call. */
  forToolCall(toolCallId: string): ElicitationQueue;
  /** This chat's questions that name no tool call (a server that asks outside its tool call). */
  unplaced: ElicitationQueue;
  /** What was typed into a card that went away unanswered (a reload), offered again. */
  drafts: ElicitationDraftStore;
}

function createToolCallQuestions(chatId: string) {
  const queues = new Map<string, ElicitationQueue>();
  const queue = (key: string) => {
    if (!queues.has(key)) queues.set(key, createElicitationQueue());
    return queues.get(key)!;
  };
  // Aborted as the page goes: each card then closes unanswered and keeps its draft (the relay keeps
  // the question, and sends it again after the reload).
  const leaving = new AbortController();
  const sort = (request: ElicitationQueueRequest): ElicitationQueue => {
    const { chatId: asker, toolCallId } = request.context ?? {};
    // Another chat's questions wait, never drawn, until they close (answered in that chat's window).
    if (asker !== chatId) return queue("other chats");
    return toolCallId ? queue(`call:${toolCallId}`) : queue("unplaced");
  };
  // connectElicitationRelay hands its requests to `request`; the rest of a queue is unused here.
  const relayQueue: ElicitationQueue = {
    ...queue("unplaced"),
    request: (request) =>
      sort(request).request({ ...request, signal: request.signal ? AbortSignal.any([request.signal, leaving.signal]) : leaving.signal }),
  };
  return {
    questions: {
      forToolCall: (toolCallId: string) => queue(`call:${toolCallId}`),
      unplaced: queue("unplaced"),
      drafts: createSessionDraftStore(),
    } satisfies ToolCallQuestions,
    relayQueue,
    leave: () => leaving.abort(),
  };
}

export function useToolCallQuestions(url: string, chatId: string): ToolCallQuestions {
  const [sorter] = useState(() => createToolCallQuestions(chatId));
  useEffect(() => {
    const connection = connectElicitationRelay({ url, queue: sorter.relayQueue });
    const leave = (event: PageTransitionEvent) => {
      if (!event.persisted) sorter.leave();
    };
    addEventListener("pagehide", leave);
    return () => {
      removeEventListener("pagehide", leave);
      connection.close();
    };
  }, [url, sorter]);
  return sorter.questions;
}
