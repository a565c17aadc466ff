// One relay per process, in a server-only module ($lib/server): the relay's route reads the person
// from `locals`, so the relay needs no `identify`.
import { createElicitationRelay } from "react-mcp-elicitation/server";

export const relay = createElicitationRelay({});

// On the signal, not on "sveltekit:shutdown": adapter-node emits that only once every connection has
// ended, and the people's event streams end when the relay closes (else at SHUTDOWN_TIMEOUT, 30 s).
// Every open question is answered `cancel`, every stream ends, and the server can stop.
process.once("SIGTERM", () => void relay.close());
