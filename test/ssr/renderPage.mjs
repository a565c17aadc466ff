// Renders a server page that contains the dialog, the way a framework's server does (to a string
// and to a stream), and prints what React printed while doing so plus the HTML, as JSON.
// Usage: node [--import ./reactVersionHooks.mjs] renderPage.mjs <built library entry>
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";

const said = [];
for (const level of ["error", "warn"]) console[level] = (...args) => said.push(`${level}: ${args.join(" ")}`);

const React = await import("react");
const { renderToString, renderToPipeableStream } = await import("react-dom/server");
const { ElicitationDialog, ElicitationForm, ElicitationOutlet, createElicitationQueue } = await import(pathToFileURL(process.argv[2]).href);

const h = React.createElement;
const schema = {
  type: "object",
  properties: {
    region: { type: "string", title: "Region", enum: ["eu-west", "us-east"] },
    replicas: { type: "integer", minimum: 1, default: 2 },
    backups: { type: "boolean", default: true },
  },
  required: ["region"],
};
const request = { message: "Which region should the database live in?", requestedSchema: schema };
const queue = createElicitationQueue();
void queue.request({ serverName: "Cloud tools", params: request });
// A chat page: an inline form in the conversation, a dialog open over it, and the queue's outlet.
const page = h(
  "html",
  null,
  h(
    "body",
    null,
    h("main", null, h("h1", null, "Chat"), h(ElicitationForm, { schema, onSubmit() {} }), h(ElicitationDialog, { serverName: "Cloud tools", request, onResponse() {} })),
    h(ElicitationOutlet, { queue }),
  ),
);

const html = renderToString(page);
const streamed = await new Promise((resolve, reject) => {
  let text = "";
  const sink = new PassThrough().on("data", (chunk) => (text += chunk)).on("end", () => resolve(text));
  const stream = renderToPipeableStream(page, { onAllReady: () => stream.pipe(sink), onError: reject });
});
process.stdout.write(JSON.stringify({ react: React.version, said, html, streamed }));
