// The two official SDK majors, told apart by what only v2's Client has; each entry names the other's.
import type { SdkMajor } from "./wireElicitations";

const isV2Client = (client: object) => typeof (client as { getProtocolEra?: unknown }).getProtocolEra === "function";

const V1 = { label: "@modelcontextprotocol/sdk (v1)", entry: "react-mcp-elicitation/client/sdk/v1", isClient: (client: object) => !isV2Client(client) };
const V2 = { label: "@modelcontextprotocol/client (v2)", entry: "react-mcp-elicitation/client/sdk/v2", isClient: isV2Client };

export const SDK_V1: SdkMajor = { ...V1, other: V2 };
export const SDK_V2: SdkMajor = { ...V2, other: V1 };
