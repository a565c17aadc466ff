import type { ElicitFormParams } from "../../src/core/types";
import { version } from "react";
import { renderToString } from "react-dom/server";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { ElicitationForm } from "../../src/form/ElicitationForm";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";

const schema: ElicitFormParams["requestedSchema"] = {
  type: "object",
  properties: {
    name: { type: "string", title: "Project name" },
    replicas: { type: "integer", title: "Replicas", default: 2 },
  },
  required: ["name"],
};

/** Renders each component on the server and reports what React printed meanwhile. */
export function renderOnServer() {
  const printed: string[] = [];
  const original = { error: console.error, warn: console.warn };
  console.error = (...args: unknown[]) => printed.push(args.map(String).join(" "));
  console.warn = (...args: unknown[]) => printed.push(args.map(String).join(" "));
  try {
    const queue = createElicitationQueue();
    void queue.request({ serverName: "Acme", params: { message: "Name it", requestedSchema: schema } });
    return {
      version,
      form: renderToString(<ElicitationForm schema={schema} onSubmit={() => {}} />),
      dialog: renderToString(
        <ElicitationDialog serverName="Acme" request={{ message: "Name it", requestedSchema: schema }} onResponse={() => {}} />,
      ),
      outlet: renderToString(<ElicitationOutlet queue={queue} />),
      inlineOutlet: renderToString(<ElicitationOutlet queue={queue} presentation="inline" />),
      printed,
    };
  } finally {
    console.error = original.error;
    console.warn = original.warn;
  }
}
