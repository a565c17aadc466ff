// The demo's MCP server: one tool per seed scenario, each asking the user through
// `elicitation/create` and reporting back exactly what it received.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import {
  bankTransfer,
  cloudDatabase,
  contactInfo,
  githubUsername,
  projectSetupWizard,
  shippingConfirm,
  shippingNewAddress,
  shippingTrackingNumber,
} from "../../test/fixtures/seedRequests";
import type { DemoRecorder } from "./DemoRecorder";

/** People need time to read; the SDK's 60 s default is for machines. */
const HUMAN_TIMEOUT_MS = 10 * 60_000;

export interface DemoServerContext {
  recorder: DemoRecorder;
  /** Public origin of the demo, for the URL-mode link. */
  origin: () => string;
  /** Called by the link page: marks a URL-mode step complete. */
  linkCompletions: Map<string, () => Promise<void>>;
}

type TextResult = { content: { type: "text"; text: string }[] };

function report(lines: string[]): TextResult {
  return { content: [{ type: "text", text: lines.join("\n") }] };
}

export function createDemoMcpServer({ recorder, origin, linkCompletions }: DemoServerContext): McpServer {
  const server = new McpServer({ name: "demo-elicitation-server", version: "1.0.0" });

  async function ask(tool: string, params: object, signal?: AbortSignal, timeout = HUMAN_TIMEOUT_MS): Promise<ElicitResult> {
    try {
      // The SDK validates accepted content against requestedSchema before returning it.
      const result = await server.server.elicitInput(params as ElicitRequestFormParams, { timeout, signal });
      recorder.record({ tool, result });
      return result;
    } catch (error) {
      recorder.record({ tool, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  function formTool(name: string, title: string, params: object) {
    server.registerTool(name, { title, description: `Asks: "${(params as { message: string }).message}"` }, async (extra) => {
      const result = await ask(name, params, extra.signal);
      return report([`Server received: ${JSON.stringify(result)}`]);
    });
  }

  formTool("github_username", "GitHub username", githubUsername);
  formTool("contact_info", "Contact information", contactInfo);
  formTool("bank_transfer", "Confirm a bank transfer", bankTransfer);
  formTool("deploy_cloud_database", "Deploy a cloud database", cloudDatabase);
  formTool("project_setup", "Project setup wizard", projectSetupWizard);

  server.registerTool(
    "change_shipping_address",
    { title: "Change a shipping address", description: "Three questions: tracking number, new address, confirmation." },
    async (extra) => {
      const lines: string[] = [];
      for (const [step, params] of [
        ["tracking number", shippingTrackingNumber],
        ["new address", shippingNewAddress],
        ["confirmation", shippingConfirm],
      ] as const) {
        const result = await ask("change_shipping_address", params, extra.signal);
        lines.push(`Server received (${step}): ${JSON.stringify(result)}`);
        if (result.action !== "accept") {
          lines.push("Address change stopped.");
          return report(lines);
        }
      }
      lines.push("Address changed.");
      return report(lines);
    },
  );

  server.registerTool(
    "link_account",
    { title: "Link an account (URL mode)", description: "Asks the user to open a page on the demo's own origin." },
    async (extra) => {
      const elicitationId = crypto.randomUUID();
      const url = `${origin()}/link-account.html?elicitation=${elicitationId}`;
      linkCompletions.set(elicitationId, server.server.createElicitationCompletionNotifier(elicitationId));
      const result = await ask(
        "link_account",
        { mode: "url", message: "Sign in to the example account service to link it.", url, elicitationId },
        extra.signal,
      );
      return report([`Server received: ${JSON.stringify(result)}`]);
    },
  );

  server.registerTool(
    "suspicious_link",
    {
      title: "A look-alike link (URL mode)",
      description: "Asks the user to open a link whose domain imitates a well-known one, over plain http.",
    },
    async (extra) => {
      const result = await ask(
        "suspicious_link",
        // "pаypal" with a Cyrillic "а": the dialog names the real (punycode) domain and warns.
        { mode: "url", message: "Confirm your payment details.", url: "http://p\u0430ypal.example/login?next=%2Fpay", elicitationId: crypto.randomUUID() },
        extra.signal,
      );
      return report([`Server received: ${JSON.stringify(result)}`]);
    },
  );

  server.registerTool(
    "quick_question",
    {
      title: "A question the server withdraws",
      description: "Asks for a GitHub username and gives up after a few seconds (the dialog closes by itself).",
      inputSchema: { seconds: z.number().min(1).max(120).default(5) },
    },
    async ({ seconds }, extra) => {
      try {
        const result = await ask("quick_question", githubUsername, extra.signal, seconds * 1000);
        return report([`Server received: ${JSON.stringify(result)}`]);
      } catch {
        return report([`Server withdrew the question after ${seconds} s.`]);
      }
    },
  );

  return server;
}
