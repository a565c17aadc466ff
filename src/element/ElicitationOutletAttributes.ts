// <mcp-elicitation-outlet> as templates and JSX see it: its attributes (enumerated values as unions, so a
// misspelt one is a type error) and its events as typed `on…` handlers. frameworkElements.d.ts registers
// them with each framework's own checker.
import type { ElicitationLayout } from "../form/useElicitationLayout";
import type { ElicitationOutletEvents } from "./defineElicitationOutletElement";

/** The element's attributes (docs/element.md); values as the element reads them. */
export interface ElicitationOutletAttributes {
  "relay-url"?: string;
  presentation?: "dialog" | "inline";
  layout?: ElicitationLayout;
  locale?: string;
  dir?: "ltr" | "rtl";
  /** A query string: `chatId=c1&toolCallId=t7`. */
  "filter-context"?: string;
  drafts?: "memory" | "session";
  /** Present (or any value but "false"): `document.title` counts the questions waiting unseen. */
  "title-badge"?: boolean | "" | "true" | "false";
  /** "false": no "Stop asking" button. */
  "stop-asking"?: boolean | "true" | "false";
}

/** Its events as `on<event name>` attributes (Svelte 5, React 19, Preact), each handler's event typed. */
export type ElicitationOutletEventAttributes = {
  [K in keyof ElicitationOutletEvents as `on${K}`]?: (event: ElicitationOutletEvents[K]) => void;
};

/** Vue's spelling of the same events: `@mcp-elicitation-error` is the prop `onMcpElicitationError`. */
export type ElicitationOutletVueEventProps = {
  [K in keyof ElicitationOutletEvents as `on${VuePascal<K>}`]?: (event: ElicitationOutletEvents[K]) => void;
};
/** The same events as the component's `$emit`, by camelCase name: how vue-tsc types them in a JavaScript component. */
export type ElicitationOutletVueEmit = UnionToIntersection<
  { [K in keyof ElicitationOutletEvents]: (event: Uncapitalize<VuePascal<K>>, payload: ElicitationOutletEvents[K]) => void }[keyof ElicitationOutletEvents]
>;
type VuePascal<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${VuePascal<Tail>}` : Capitalize<S>;
type UnionToIntersection<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void ? I : never;

/** Other attributes (`class`, `id`, `style`, `data-*`) stay each framework's own, untyped here. */
export interface ElicitationOutletOtherAttributes {
  // any, not unknown: a handler on an attribute not typed here gets no implicit-any error.
  [attribute: string]: any;
}
