// A push service stand-in on loopback (HTTPS, its own certificate) and devices whose keys are made as a
// browser makes them (an ECDH P-256 key pair and a 16-byte auth secret, RFC 8291), so a test reads
// exactly what a device would from what the real `web-push` package sent.
import { execFileSync } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ece from "http_ece";
import webPush from "web-push";
import type { ElicitationRelayStore } from "../../../src/server/ElicitationRelayStore";
import { createElicitationPush, type ElicitationPushOptions } from "../../../src/server/web-push/createElicitationPush";

export interface Tls {
  key: Buffer;
  cert: Buffer;
  /** An agent that trusts `cert`: `sendOptions: { agent }` for web-push. */
  agent: Agent;
}

/** A self-signed certificate for 127.0.0.1 (openssl). */
export function makeTls(): Tls {
  const dir = mkdtempSync(join(tmpdir(), "push-tls-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")], { stdio: "ignore" });
  const key = readFileSync(join(dir, "key.pem"));
  const cert = readFileSync(join(dir, "cert.pem"));
  rmSync(dir, { recursive: true });
  return { key, cert, agent: new Agent({ ca: cert }) };
}

/** A device: its keys as a browser makes them, and the subscription it would hand the page. */
export function makeDevice(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    decrypt: (body: Buffer) => ece.decrypt(body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth.toString("base64url") }).toString("utf8"),
    subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } },
  };
}

export interface PushServiceStandIn {
  base: string;
  /** Every POST kept (headers and body). */
  received: { path: string; headers: Record<string, unknown>; body: Buffer }[];
  close(): Promise<void>;
}

/** The push service stand-in: every POST kept, answered with `status(path)`; `onPush` sees each as it arrives. */
export async function startPushService(tls: Tls, status: (path: string) => number = () => 201, onPush?: (received: PushServiceStandIn["received"][number]) => void): Promise<PushServiceStandIn> {
  const received: PushServiceStandIn["received"] = [];
  const server: Server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const push = { path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) };
      received.push(push);
      res.writeHead(status(push.path)).end();
      onPush?.(push);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The host's sender as the tests make it: fresh VAPID keys, the stand-in on loopback taken as a push service and its certificate trusted. */
export function createLoopbackPush(store: ElicitationRelayStore, tls: Tls, options: Partial<ElicitationPushOptions> = {}) {
  return createElicitationPush({
    store,
    vapid: { subject: "mailto:ops@example.com", ...webPush.generateVAPIDKeys() },
    url: () => "/",
    isPushService: (endpoint) => endpoint.hostname === "127.0.0.1",
    sendOptions: { agent: tls.agent },
    ...options,
  });
}
