"use client";
// One relay connection per page, bringing this chat's questions into one queue; each tool call's
// outlet draws the questions that call asked (by the `context.toolCallId` the server gave them).
import { useMemo } from "react";
import { createElicitationDraftStore, createElicitationQueue, useElicitationRelay, type ElicitationDraftStore, type ElicitationQueue } from "react-mcp-elicitation";

export interface ToolCallQuestions {
  /** This chat's questions. */
  queue: ElicitationQueue;
  /** What was typed into each question, back when that question is drawn again (a reload); this person's only. */
  drafts: ElicitationDraftStore;
}

export function useToolCallQuestions(url: string, chatId: string): ToolCallQuestions {
  // A queue per chat: another chat's questions stay with the relay, for that chat's window.
  const questions = useMemo<ToolCallQuestions>(() => ({ queue: createElicitationQueue(), drafts: createElicitationDraftStore({ storage: "session" }) }), [chatId]);
  useElicitationRelay({ url, queue: questions.queue, drafts: questions.drafts, filter: (request) => request.context?.chatId === chatId });
  return questions;
}
