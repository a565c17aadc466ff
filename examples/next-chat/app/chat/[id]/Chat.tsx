"use client";
// The chat page: useChat as usual; each tool call is drawn where it happened, with the question it
// asks (if any) right under it.
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import { useState } from "react";
import { ElicitationOutlet } from "react-mcp-elicitation";
import { ToolCall } from "./ToolCall";
import { useToolCallQuestions } from "./useToolCallQuestions";

const transport = new DefaultChatTransport({
  api: "/api/chat",
  // The server keeps the chat: send its id and the new message only.
  prepareSendMessagesRequest: ({ id, messages }) => ({ body: { id, message: messages.at(-1) } }),
});

export function Chat({ id, initialMessages }: { id: string; initialMessages: UIMessage[] }) {
  // resume: after a reload (or in a second tab) the answer being written is replayed, tool calls included.
  const { messages, sendMessage, status } = useChat({ id, messages: initialMessages, resume: true, transport });
  const questions = useToolCallQuestions("/api/elicitation", id);
  const [input, setInput] = useState("");

  return (
    <main>
      {messages.map((message) => (
        <div key={message.id} className="message" data-role={message.role}>
          {message.parts.map((part, index) =>
            part.type === "text" ? (
              <p key={index}>{part.text}</p>
            ) : part.type === "dynamic-tool" ? (
              <ToolCall key={part.toolCallId} part={part} questions={questions} />
            ) : null,
          )}
        </div>
      ))}
      {/* Questions of this chat that name no tool call, in arrival order. */}
      <ElicitationOutlet queue={questions.queue} filter={(entry) => !entry.context?.toolCallId} drafts={questions.drafts} presentation="inline" />
      <div className="composer">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!input.trim()) return;
            void sendMessage({ text: input });
            setInput("");
          }}
        >
          <input aria-label="Message" value={input} onChange={(event) => setInput(event.target.value)} placeholder="Try “deploy web”" />
          <button type="submit" disabled={status === "submitted" || status === "streaming"}>
            Send
          </button>
        </form>
      </div>
    </main>
  );
}
