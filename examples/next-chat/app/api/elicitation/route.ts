// The relay's one URL: GET is the person's questions as an event stream, POST one answer (docs/relay.md).
import { relay } from "@/lib/relay";

export const GET = relay.handle;
export const POST = relay.handle;
export const dynamic = "force-dynamic"; // never cached
export const runtime = "nodejs"; // the stream lasts as long as the page is open
