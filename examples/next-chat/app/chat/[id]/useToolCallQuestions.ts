"use client";
// One relay connection per page, bringing this chat's questions into one queue; each tool call's
// outlet draws the questions that call asked (by the `context.toolCallId` the server gave them).
import { useEffect, useState } from "react";
import { connectElicitationRelay, createElicitationQueue, type ElicitationDraftStore, type ElicitationQueue } from "react-mcp-elicitation";
import { createSessionDraftStore } from "./createSessionDraftStore";

export interface ToolCallQuestions {
  /** This chat's questions. */
  queue: ElicitationQueue;
  /** What was typed into a card that went away unanswered (a reload), offered again. */
  drafts: ElicitationDraftStore;
}

export function useToolCallQuestions(url: string, chatId: string): ToolCallQuestions {
  const [questions] = useState<ToolCallQuestions>(() => ({ queue: createElicitationQueue(), drafts: createSessionDraftStore() }));
  useEffect(() => {
    // Another chat's questions stay with the relay, for that chat's window.
    const connect = () => connectElicitationRelay({ url, queue: questions.queue, filter: (request) => request.context?.chatId === chatId });
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
  }, [url, chatId, questions]);
  return questions;
}
