// A feed's connection that stalls (bytes held by a network that neither delivers nor closes) looks alive: it is
// pinged, and one that does not answer within half the interval is taken for dead and made again.
/** Every `heartbeatMs`, pings the connection (`ping` undefined while it is down); one unanswered within half of it is dropped. */
export function startHeartbeat(heartbeatMs: number, ping: () => Promise<unknown> | undefined, drop: () => void): () => void {
  const timer = setInterval(() => {
    const sent = ping();
    if (sent === undefined) return;
    const late = setTimeout(drop, Math.max(1, Math.floor(heartbeatMs / 2)));
    void sent.then(() => clearTimeout(late), () => undefined);
  }, heartbeatMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
