"use client";
// One tool call in the thread: what was called, the question it is waiting on, then its result.
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
      {part.state === "input-available" ? (
        // While the tool runs, the questions it asks (and only those) are drawn here, as a card.
        <ElicitationOutlet queue={questions.queueFor(part.toolCallId)} drafts={questions.drafts} presentation="inline" />
      ) : null}
      {part.state === "output-available" ? <p className="tool-result">{resultText(part.output)}</p> : null}
      {part.state === "output-error" ? <p role="alert">{part.errorText}</p> : null}
    </div>
  );
}
