/** An error naming `caller`, the host's push route and what it said of a refusal (`{ error, message }`): a developer needs it to see why. */
export async function routeRefusal(caller: string, url: string, response: Response): Promise<Error> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
  const said = typeof body?.message === "string" ? body.message : typeof body?.error === "string" ? body.error : undefined;
  return new Error(`${caller}: ${url} answered ${response.status}${said === undefined ? "" : ` (${said.slice(0, 300)})`}.`);
}
