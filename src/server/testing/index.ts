// "react-mcp-elicitation/server/testing": the conformance suite a relay store's author runs against their store, with any test runner.
export { relayStoreConformance, type MakeRelayStores, type RelayStoreConformanceCase } from "./relayStoreConformance";
export { registerRelayStoreConformance } from "./registerRelayStoreConformance";
