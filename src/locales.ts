// "react-mcp-elicitation/locales": every language the library words its interface in, as complete
// `ElicitationMessages` catalogues. The components pick one by `locale` and load it on demand;
// import one here to pass it as `messages` — to draw without waiting for its chunk (server
// rendering, a first paint that must be exact), or to build a host's own wording on it. Importing
// a catalogue bundles it with the page.
export { deMessages } from "./messages/locales/de";
export { frMessages } from "./messages/locales/fr";
export { esMessages } from "./messages/locales/es";
export { jaMessages } from "./messages/locales/ja";
export { zhHansMessages } from "./messages/locales/zhHans";
export { ptBRMessages } from "./messages/locales/ptBR";
export { resolveLocale, type MessageLocale } from "./messages/resolveLocale";
