import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { createElicitationQueue, ElicitationOutlet, type ElicitationOutletProps } from "../../src/index";
import type { DemoClientSide } from "../server/parseDemoOptions";
import { connectInPage } from "./connectInPage";
import { connectThroughServer } from "./connectThroughServer";
import type { ConnectionState } from "./DemoConnection";
import { ToolPanel } from "./ToolPanel";
import { SETTING_CHOICES, useDemoSettings, type DemoSettings } from "./useDemoSettings";

/**
 * Which server the page talks to, as the demo was started: its built-in server, or one named on
 * the command line. The name is the host's (the URL's host or the command), never the server's claim.
 * `client`: where the MCP client runs — on the demo's server (reaching the page through the relay) or in the page.
 */
interface DemoServer {
  name: string;
  builtIn: boolean;
  client: DemoClientSide;
}

const WIRING: Record<DemoClientSide, string> = { server: "MCP client: on the server (relay)", page: "MCP client: in the page" };

type Entry =
  | { id: number; kind: "assistant" | "user"; text: string }
  | { id: number; kind: "tool"; tool: string; args: string; state: "running" | "done" | "error"; text?: string };

let nextId = 1;

export function DemoHost() {
  const [server, setServer] = useState<DemoServer | { error: string }>();
  useEffect(() => {
    fetch("/demo-api/server")
      .then((response) => response.json() as Promise<DemoServer>)
      .then(setServer, (error: unknown) => setServer({ error: String(error) }));
  }, []);
  if (!server) return <p className="demo-status">Loading…</p>;
  if ("error" in server) return <p className="demo-status" data-state="error">Could not load the demo: {server.error}</p>;
  return <ChatHost server={server} />;
}

function ChatHost({ server }: { server: DemoServer }) {
  const serverName = server.name;
  const [settings, changeSettings] = useDemoSettings();
  const [log, setLog] = useState<string[]>([]);
  const addLog = useCallback((line: string) => {
    const time = new Date().toLocaleTimeString();
    setLog((lines) => [...lines, `${time}  ${line}`]);
  }, []);
  const queue = useMemo(
    () =>
      createElicitationQueue({
        // Unanswered requests are cancelled after five minutes on screen; the question shows the time left.
        timeoutMs: 5 * 60_000,
        // Trying every scenario of the built-in server in a minute asks 14 questions; the default
        // limit (10 a minute per server) is for servers the person did not just click through.
        rateLimit: { max: 30, windowMs: 60_000 },
        onEvent: (event) => addLog(`· queue ${event.type}${event.action ? ` (${event.action}${event.cause && event.cause !== "user" ? `, ${event.cause}` : ""})` : ""} — ${event.serverName}`),
      }),
    [addLog],
  );
  const [connection, setConnection] = useState<ConnectionState>({ status: "connecting" });
  useEffect(
    () => (server.client === "server" ? connectThroughServer(queue, addLog, setConnection) : connectInPage(queue, serverName, addLog, setConnection)),
    [queue, serverName, server.client, addLog],
  );
  const [thread, setThread] = useState<Entry[]>(() => [
    {
      id: nextId++,
      kind: "assistant",
      text: `Hi! I can call the tools of ${serverName}. Pick one on the side, or type /tool_name and its arguments as JSON. When the server needs something from you, it asks right here.`,
    },
  ]);

  // A tool call in the thread: "Running…" until its result (or error) comes.
  const track = useCallback((tool: string, args: Record<string, unknown>, result: Promise<string>) => {
    const id = nextId++;
    const shown = Object.keys(args).length > 0 ? JSON.stringify(args) : "";
    setThread((all) => [...all, { id, kind: "tool", tool, args: shown, state: "running" }]);
    const settle = (state: "done" | "error", text: string) =>
      setThread((all) => all.map((entry) => (entry.id === id && entry.kind === "tool" ? { ...entry, state, text } : entry)));
    result.then(
      (text) => settle("done", text),
      (error: unknown) => settle("error", `Error: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, []);

  const call = useCallback(
    (tool: string, args: Record<string, unknown>) => {
      if (connection.status === "connected") track(tool, args, connection.callTool(tool, args));
    },
    [connection, track],
  );

  // The calls the server kept from before a reload (server-client mode) come back into the thread,
  // once per connection (an effect run twice, as under StrictMode, does not add them twice).
  const restored = useRef<ConnectionState>(undefined);
  useEffect(() => {
    if (connection.status !== "connected" || restored.current === connection) return;
    restored.current = connection;
    for (const earlier of connection.earlier) track(earlier.tool, earlier.args, earlier.result());
  }, [connection, track]);

  const [draft, setDraft] = useState("");
  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setDraft("");
    setThread((all) => [...all, { id: nextId++, kind: "user", text }]);
    const command = /^\/(\S+)\s*([\s\S]*)$/.exec(text);
    const tool = command && connection.status === "connected" ? connection.tools.find((each) => each.name === command[1]) : undefined;
    if (!command || !tool) {
      const names = connection.status === "connected" ? connection.tools.map((each) => `/${each.name}`).join(", ") : "";
      setThread((all) => [
        ...all,
        { id: nextId++, kind: "assistant", text: command ? `There is no tool called ${command[1]}. Try one of: ${names}.` : `This demo answers with tools only. Try one of: ${names}.` },
      ]);
      return;
    }
    try {
      call(tool.name, command[2] ? (JSON.parse(command[2]) as Record<string, unknown>) : {});
    } catch (error) {
      setThread((all) => [...all, { id: nextId++, kind: "assistant", text: `Those arguments are not JSON: ${String(error)}` }]);
    }
  };

  // New messages and a newly shown question scroll into view at the bottom, as in any chat.
  const end = useRef<HTMLDivElement>(null);
  const snapshot = useSyncQueueLength(queue);
  useLayoutEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [thread, snapshot]);

  // `presentation` is the outlet's choice of a dialog or a card in the thread; an outlet without it draws the dialog.
  const presentationProps = { presentation: settings.presentation } as Partial<ElicitationOutletProps>;

  return (
    <div className="chat-app">
      <header className="chat-header">
        <div className="chat-brand">
          <span className="chat-logo" aria-hidden="true" />
          <span>Demo chat</span>
        </div>
        <p className="chat-connection" data-state={connection.status} role="status">
          {connection.status === "connecting" && "Connecting to the MCP server…"}
          {connection.status === "connected" && `Connected to ${serverName} — ${connection.tools.length} tools`}
          {connection.status === "error" && `Could not connect: ${connection.message}`}
        </p>
        <p className="chat-wiring" data-client={server.client}>
          {WIRING[server.client]}
        </p>
        <Settings settings={settings} onChange={changeSettings} />
      </header>

      <div className="chat-body">
        <main className="chat-column">
          <div className="chat-scroll">
            <ol className="chat-thread" aria-label="Conversation">
              {thread.map((entry) => (
                <Message key={entry.id} entry={entry} serverName={serverName} />
              ))}
            </ol>
            {/* Where a question appears in the thread (inline); a dialog is drawn over the page instead. */}
            <div className="chat-question">
              <ElicitationOutlet queue={queue} layout={settings.layout} {...presentationProps} />
            </div>
            <div ref={end} />
          </div>
          <form className="chat-composer" onSubmit={send}>
            <input
              className="chat-input"
              aria-label="Message"
              placeholder="Message, or /tool_name {json}"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoComplete="off"
            />
            <button type="submit" className="chat-button chat-button--primary">
              Send
            </button>
          </form>
        </main>

        <aside className="chat-side">
          {connection.status === "connected" ? <ToolPanel tools={connection.tools} builtIn={server.builtIn} onCall={call} /> : null}
          <section className="chat-panel" aria-labelledby="log-heading">
            <h2 id="log-heading">Elicitation traffic</h2>
            <ol className="chat-log" aria-label="Elicitation traffic">
              {log.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </div>
  );
}

function useSyncQueueLength(queue: ReturnType<typeof createElicitationQueue>): number {
  const [length, setLength] = useState(0);
  useEffect(() => queue.subscribe(() => setLength(queue.getSnapshot().entries.length)), [queue]);
  return length;
}

function Message({ entry, serverName }: { entry: Entry; serverName: string }) {
  if (entry.kind !== "tool") {
    return (
      <li className="chat-message" data-from={entry.kind}>
        <span className="chat-visually-hidden">{entry.kind === "user" ? "You:" : "Assistant:"} </span>
        {entry.text}
      </li>
    );
  }
  return (
    <li className="chat-message chat-tool" data-from="tool" data-tool={entry.tool} data-state={entry.state}>
      <div className="chat-tool__head">
        <span className="chat-tool__label">Tool call</span>
        <code>{entry.tool}</code>
        <span className="chat-tool__server">{serverName}</span>
        <span className="chat-tool__state">{entry.state === "running" ? "Running…" : entry.state === "error" ? "Failed" : "Done"}</span>
      </div>
      {entry.args ? <code className="chat-tool__args">{entry.args}</code> : null}
      {entry.text !== undefined ? <pre>{entry.text}</pre> : null}
    </li>
  );
}

const LABELS: Record<string, string> = {
  inline: "In the thread",
  dialog: "Dialog",
  form: "All at once",
  steps: "One at a time",
  auto: "Auto",
  system: "System",
  light: "Light",
  dark: "Dark",
};

function Settings({ settings, onChange }: { settings: DemoSettings; onChange: (change: Partial<DemoSettings>) => void }) {
  const groups: Array<[keyof DemoSettings, string]> = [
    ["presentation", "Questions"],
    ["layout", "Fields"],
    ["theme", "Theme"],
  ];
  return (
    <div className="chat-settings">
      {groups.map(([key, legend]) => (
        <fieldset key={key} className="chat-segmented">
          <legend>{legend}</legend>
          {SETTING_CHOICES[key].map((value) => (
            <label key={value}>
              <input type="radio" name={key} value={value} checked={settings[key] === value} onChange={() => onChange({ [key]: value })} />
              <span>{LABELS[value]}</span>
            </label>
          ))}
        </fieldset>
      ))}
    </div>
  );
}
