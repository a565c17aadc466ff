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
  const sort = (request: ElicitationQueueRequest): ElicitationQueue => {
    const { chatId: asker, toolCallId } = request.context ?? {};
    // Another chat's questions wait, never drawn, until they close (answered in that chat's window).
    if (asker !== chatId) return queue("other chats");
    return toolCallId ? queue(`call:${toolCallId}`) : queue("unplaced");
  };
  const questions: ToolCallQuestions = {
    forToolCall: (toolCallId) => queue(`call:${toolCallId}`),
    unplaced: queue("unplaced"),
    drafts: createSessionDraftStore(),
  };
  // What connectElicitationRelay uses of a queue is `request`: here it sorts. The rest is a queue's.
  const relayQueue: ElicitationQueue = { ...queue("unplaced"), request: (request) => sort(request).request(request) };
  return { questions, relayQueue };
}

export function useToolCallQuestions(url: string, chatId: string): ToolCallQuestions {
  const [{ questions, relayQueue }] = useState(() => createToolCallQuestions(chatId));
  useEffect(() => {
    const connect = () => connectElicitationRelay({ url, queue: relayQueue });
    let connection = connect();
    // Closed as the page goes, the connection takes its cards away unanswered, and each keeps what was
    // typed as a draft; the relay keeps the questions and sends them again after the reload.
    const leave = () => connection.close();
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) connection = connect();
    };
    addEventListener("pagehide", leave);
    addEventListener("pageshow", back);
    return () => {
      removeEventListener("pagehide", leave);
      removeEventListener("pageshow", back);
      connection.close();
    };
  }, [url, relayQueue]);
  return questions;
}
