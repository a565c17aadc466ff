import { useCallback, useEffect, useMemo, useState } from "react";
import { createElicitationQueue, ElicitationOutlet } from "../../src/index";
import { useDemoConnection } from "./useDemoConnection";

/**
 * Which server the page talks to, as the demo was started: its built-in server, or one named on
 * the command line. The name is the host's (the URL's host or the command), never the server's claim.
 */
interface DemoServer {
  name: string;
  builtIn: boolean;
}

interface ToolRun {
  id: number;
  tool: string;
  text: string;
}

export function DemoHost() {
  const [server, setServer] = useState<DemoServer | { error: string }>();
  useEffect(() => {
    fetch("/demo-api/server")
      .then((response) => response.json() as Promise<DemoServer>)
      .then(setServer, (error: unknown) => setServer({ error: String(error) }));
  }, []);
  if (!server) return <p className="demo-status">Loading…</p>;
  if ("error" in server) return <p className="demo-status" data-state="error">Could not load the demo: {server.error}</p>;
  return <ConnectedHost server={server} />;
}

function ConnectedHost({ server }: { server: DemoServer }) {
  const serverName = server.name;
  const [log, setLog] = useState<string[]>([]);
  const addLog = useCallback((line: string) => {
    const time = new Date().toLocaleTimeString();
    setLog((lines) => [...lines, `${time}  ${line}`]);
  }, []);
  const queue = useMemo(
    () =>
      createElicitationQueue({
        // Unanswered requests are cancelled after five minutes on screen; the dialog shows the time left.
        timeoutMs: 5 * 60_000,
        // Trying every scenario of the built-in server in a minute asks 14 questions; the default
        // limit (10 a minute per server) is for servers the person did not just click through.
        rateLimit: { max: 30, windowMs: 60_000 },
        onEvent: (event) => addLog(`· queue ${event.type}${event.action ? ` (${event.action}${event.cause && event.cause !== "user" ? `, ${event.cause}` : ""})` : ""} — ${event.serverName}`),
      }),
    [addLog],
  );
  const connection = useDemoConnection(queue, serverName, addLog);
  const [args, setArgs] = useState("{}");
  const [runs, setRuns] = useState<ToolRun[]>([]);

  const call = useCallback(
    async (tool: string) => {
      if (connection.status !== "connected") return;
      const id = Date.now() + Math.random();
      setRuns((all) => [{ id, tool, text: "…waiting for the tool" }, ...all]);
      let text: string;
      try {
        const takesArgs = !server.builtIn || tool === "quick_question";
        const parsedArgs = takesArgs ? (JSON.parse(args || "{}") as Record<string, unknown>) : {};
        // The server gets 60 s of its own; time the person spends on its dialogs does not count.
        const result = await queue.call(serverName, (options) =>
          connection.client.callTool({ name: tool, arguments: parsedArgs }, undefined, options),
        );
        text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");
      } catch (error) {
        text = `Error: ${error instanceof Error ? error.message : String(error)}`;
      }
      setRuns((all) => all.map((run) => (run.id === id ? { ...run, text } : run)));
    },
    [connection, args, server.builtIn, queue, serverName],
  );

  return (
    <main className="demo">
      <h1>react-mcp-elicitation — demo host</h1>
      <p className="demo-status" data-state={connection.status} role="status">
        {connection.status === "connecting" && "Connecting to the MCP server…"}
        {connection.status === "connected" && `Connected to ${serverName} — ${connection.tools.length} tools.`}
        {connection.status === "error" && `Could not connect: ${connection.message}`}
      </p>

      <section aria-labelledby="tools-heading">
        <h2 id="tools-heading">Tools</h2>
        <label className="demo-args">
          {server.builtIn ? "Arguments for quick_question (JSON)" : "Arguments for each call (JSON)"}
          <input value={args} onChange={(event) => setArgs(event.target.value)} />
        </label>
        <ul className="demo-tools">
          {connection.status === "connected" &&
            connection.tools.map((tool) => (
              <li key={tool.name}>
                <button type="button" onClick={() => void call(tool.name)}>
                  Call {tool.name}
                </button>
                <small>{tool.description}</small>
              </li>
            ))}
        </ul>
        {connection.status === "connected" && server.builtIn ? (
          <p className="demo-actions">
            <button
              type="button"
              onClick={() => {
                void call("github_username");
                void call("contact_info");
                void call("bank_transfer");
              }}
            >
              Call three tools at once
            </button>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="results-heading" className="demo-results">
        <h2 id="results-heading">Tool results</h2>
        <ol aria-label="Tool results">
          {runs.map((run) => (
            <li key={run.id} data-tool={run.tool}>
              <strong>{run.tool}</strong>
              <pre>{run.text}</pre>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="log-heading">
        <h2 id="log-heading">Elicitation traffic</h2>
        <ol className="demo-log" aria-label="Elicitation traffic">
          {log.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ol>
      </section>

      <ElicitationOutlet queue={queue} />
    </main>
  );
}
