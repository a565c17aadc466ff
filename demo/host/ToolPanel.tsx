import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { useState } from "react";

/** The server's tools, each with its own arguments box when it takes arguments, and a Call button. */
export function ToolPanel({ tools, builtIn, onCall }: { tools: Tool[]; builtIn: boolean; onCall: (tool: string, args: Record<string, unknown>) => void }) {
  return (
    <section className="chat-panel" aria-labelledby="tools-heading">
      <h2 id="tools-heading">Tools</h2>
      <ul className="chat-tools">
        {tools.map((tool) => (
          <ToolCard key={tool.name} tool={tool} onCall={onCall} />
        ))}
      </ul>
      {builtIn ? (
        <button
          type="button"
          className="chat-button"
          onClick={() => {
            onCall("github_username", {});
            onCall("contact_info", {});
            onCall("bank_transfer", {});
          }}
        >
          Call three tools at once
        </button>
      ) : null}
    </section>
  );
}

function ToolCard({ tool, onCall }: { tool: Tool; onCall: (tool: string, args: Record<string, unknown>) => void }) {
  const takesArguments = Object.keys(tool.inputSchema?.properties ?? {}).length > 0;
  const [args, setArgs] = useState("{}");
  const [error, setError] = useState<string>();
  const call = () => {
    try {
      const parsed = takesArguments ? (JSON.parse(args || "{}") as Record<string, unknown>) : {};
      setError(undefined);
      onCall(tool.name, parsed);
    } catch (problem) {
      setError(`Not JSON: ${problem instanceof Error ? problem.message : String(problem)}`);
    }
  };
  const argsId = `args-${tool.name}`;
  return (
    <li className="chat-tool-card" data-tool-card={tool.name}>
      <div className="chat-tool-card__head">
        <code>{tool.name}</code>
        <button type="button" className="chat-button chat-button--primary" onClick={call}>
          Call<span className="chat-visually-hidden"> {tool.name}</span>
        </button>
      </div>
      {tool.description ? <p className="chat-tool-card__description">{tool.description}</p> : null}
      {takesArguments ? (
        <div className="chat-tool-card__args">
          <label htmlFor={argsId}>Arguments for {tool.name} (JSON)</label>
          <input
            id={argsId}
            value={args}
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setArgs(event.target.value)}
          />
          {error ? <span role="alert">{error}</span> : null}
        </div>
      ) : null}
    </li>
  );
}
