"use client";
// One tool call in the thread: what was called, the card of the question it asks, then its result.
import type { DynamicToolUIPart } from "ai";
import { ElicitationOutlet } from "react-mcp-elicitation";
import type { ToolCallQuestions } from "./useToolCallQuestions";

/** The text of an MCP tool result ({ content: [{ type: "text", text }] }). */
function resultText(output: unknown): string {
  const content = (output as { content?: { type: string; text?: string }[] } | undefined)?.content ?? [];
  return content.map((item) => item.text ?? "").join("\n");
}

export function ToolCall({ part, questions }: { part: DynamicToolUIPart; questions: ToolCallQuestions }) {
  return (
    <div className="tool-call" data-tool-call-id={part.toolCallId} data-state={part.state}>
      <div>
        Tool call: <strong>{part.toolName}</strong> {JSON.stringify(part.input)}
      </div>
      {/* Only this call's questions. Drawn whatever the state: empty while nothing is asked, and a card
          closed from another window says so for a moment even after the result arrived. */}
      <ElicitationOutlet
        queue={questions.queue}
        filter={(entry) => entry.context?.toolCallId === part.toolCallId}
        drafts={questions.drafts}
        presentation="inline"
      />
      {part.state === "output-available" ? <p className="tool-result">{resultText(part.output)}</p> : null}
      {part.state === "output-error" ? <p role="alert">{part.errorText}</p> : null}
    </div>
  );
}
