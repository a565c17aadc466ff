// A host's module that uses the package by its name, as it resolves from the built dist/.
// Type-checked under moduleResolution bundler, node16 and nodenext (npm run check:types).
import { createElement } from "react";
import {
  createElicitationAnswerStore,
  createElicitationQueue,
  ElicitationDialog,
  ElicitationDialogBody,
  ElicitationDialogHeader,
  ElicitationDialogParts,
  ElicitationDialogRoot,
  ElicitationOutlet,
  useElicitationAnswer,
  type ElicitParams,
  type ElicitResult,
} from "react-mcp-elicitation";
import { fileInputs, validateElicitationContent } from "react-mcp-elicitation/core";
import { frMessages, resolveLocale, type MessageLocale } from "react-mcp-elicitation/locales";
import "react-mcp-elicitation/styles.css";

const params: ElicitParams = {
  message: "Your GitHub username?",
  requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
};
const answered: ElicitResult[] = [];

export const dialog = createElement(ElicitationDialog, {
  serverName: "GitHub",
  request: params,
  onResponse: (result) => answered.push(result),
});

// The props are typed, not `any`: a wrong one is an error.
// @ts-expect-error serverName is a string
export const wrong = createElement(ElicitationDialog, { serverName: 42, request: params, onResponse: () => {} });

const queue = createElicitationQueue();
export const outlet = createElement(ElicitationOutlet, { queue });
export const inline = createElement(ElicitationOutlet, { queue, presentation: "inline", answers: createElicitationAnswerStore() });

// A host's own card from the parts.
export function HostCard() {
  const answer = ElicitationDialogParts.useAnswer({ serverName: "GitHub", request: params, onResponse: (result) => answered.push(result) });
  return createElement(
    ElicitationDialogParts.Root,
    { answer, presentation: "inline" },
    createElement(ElicitationDialogParts.Header, {}),
    createElement(ElicitationDialogParts.Message),
    createElement(ElicitationDialogParts.Body, {}),
  );
}
// The same parts by name, one question at a time.
export function NamedPartsCard() {
  const answer = useElicitationAnswer({ serverName: "GitHub", request: params, onResponse: (result) => answered.push(result) });
  return createElement(ElicitationDialogRoot, { answer, layout: "steps" }, createElement(ElicitationDialogHeader, {}), createElement(ElicitationDialogBody, {}));
}
export const pending: Promise<ElicitResult> = queue.request({ serverName: "GitHub", params });

const check = validateElicitationContent(params.requestedSchema, { name: "octocat" });
export const content = check.valid ? check.content : undefined;

// Languages: chosen by `locale`, or passed whole from "/locales"; file inputs by opt-in.
const language: MessageLocale = resolveLocale("fr-CA");
export const french = createElement(ElicitationDialog, {
  serverName: "GitHub",
  request: params,
  onResponse: () => {},
  locale: language,
  messages: frMessages,
  fileInputs,
});
