// The chat: useChat as usual; each tool call drawn where it happened, with the question it asks (if
// any) right under it. The relay's questions arrive through one connection for the page.
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type DynamicToolUIPart, type UIMessage } from "ai";
import { useState } from "react";
import { createElicitationDraftStore, createElicitationQueue, ElicitationOutlet, useElicitationRelay, type ElicitationQueueEntry } from "react-mcp-elicitation";
import { Link } from "react-router";

/** `seen`: the last message the page loaded with, so a resume can tell what the page missed. */
const transportFor = (seen: string | undefined) =>
  new DefaultChatTransport({
    api: "/api/chat",
    // The server keeps the chat: its id and the new message are enough.
    prepareSendMessagesRequest: ({ id, messages }) => ({ body: { id, message: messages.at(-1) } }),
    prepareReconnectToStreamRequest: ({ id }) => ({ api: `/api/chat/${encodeURIComponent(id)}/stream?seen=${encodeURIComponent(seen ?? "")}` }),
  });

/** The text of an MCP tool result ({ content: [{ type: "text", text }] }). */
const resultText = (output: unknown) => ((output as { content?: { text?: string }[] } | undefined)?.content ?? []).map((item) => item.text ?? "").join("\n");

export function Chat({ id, initialMessages }: { id: string; initialMessages: UIMessage[] }) {
  // resume: after a reload the answer being written comes back from its start (its tool calls too), then live.
  const [transport] = useState(() => transportFor(initialMessages.at(-1)?.id));
  const { messages, sendMessage, setMessages, status, stop } = useChat({
    id,
    messages: initialMessages,
    resume: true,
    transport,
    // A run that ended while the page loaded: its saved thread, whole.
    onData: (part) => {
      if (part.type === "data-thread") setMessages(part.data as UIMessage[]);
    },
  });
  const [queue] = useState(() => createElicitationQueue());
  const [drafts] = useState(() => createElicitationDraftStore({ storage: "session" }));
  useElicitationRelay({ url: "/api/elicitation", queue, drafts, filter: (request) => request.context?.chatId === id });
  const questions = (filter: (entry: ElicitationQueueEntry) => boolean) => <ElicitationOutlet queue={queue} drafts={drafts} presentation="inline" filter={filter} />;
  const [input, setInput] = useState("");
  const busy = status === "submitted" || status === "streaming";

  const toolCall = (part: DynamicToolUIPart) => (
    <div key={part.toolCallId} className="tool-call" data-state={part.state}>
      <div>
        Tool call: <strong>{part.toolName}</strong> {JSON.stringify(part.input)}
      </div>
      {questions((entry) => entry.context?.toolCallId === part.toolCallId)}
      {part.state === "output-available" ? <p className="tool-result">{resultText(part.output)}</p> : null}
      {part.state === "output-error" ? <p className="tool-result">{part.errorText}</p> : null}
    </div>
  );

  return (
    <main>
      <nav>
        <Link to="/">New chat</Link>
      </nav>
      {messages.map((message) => (
        <div key={message.id} className="message" data-role={message.role}>
          {message.parts.map((part, index) => (part.type === "text" ? <p key={index}>{part.text}</p> : part.type === "dynamic-tool" ? toolCall(part) : null))}
        </div>
      ))}
      {/* This chat's questions that name no tool call, in arrival order. */}
      {questions((entry) => !entry.context?.toolCallId)}
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
          {busy ? (
            <button type="button" onClick={() => void fetch(`/api/chat/${id}/stop`, { method: "POST" }).then(() => stop())}>
              Stop
            </button>
          ) : (
            <button type="submit">Send</button>
          )}
        </form>
      </div>
    </main>
  );
}
