// A store's close() waits for its connections to end, but not for one stuck in an outage (QUIT or a pool's end
// would wait for a server that is not there).
/** Waits for `ending` at most `ms`: true when it ended in time (a connection stuck in an outage is not waited for). */
export async function endsWithin(ending: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const inTime = await Promise.race([ending.then(() => true, () => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
  clearTimeout(timer);
  return inTime;
}
