// Registers <mcp-elicitation-outlet> with each framework's own checker, so templates and JSX check its
// attribute values and type its event handlers. A declaration file, shipped as written (the build copies
// it beside index.d.ts, which references it): an augmentation of a framework the page does not have is
// no error here. It names no framework's types, so it asks nothing of a page without that framework.
import type { ElicitationOutletElement } from "./defineElicitationOutletElement";
import type {
  ElicitationOutletAttributes,
  ElicitationOutletEventAttributes,
  ElicitationOutletOtherAttributes,
  ElicitationOutletVueEmit,
  ElicitationOutletVueEventProps,
} from "./ElicitationOutletAttributes";

declare global {
  // Svelte 5 (svelte-check): <mcp-elicitation-outlet layout="steps" onmcp-elicitation-error={(event) => …}>
  namespace svelteHTML {
    interface IntrinsicElements {
      "mcp-elicitation-outlet": ElicitationOutletAttributes & ElicitationOutletEventAttributes & ElicitationOutletOtherAttributes;
    }
  }
}

declare module "vue" {
  // Vue 3 (vue-tsc): checked as a component with these props and events; `isCustomElement` in the
  // compiler options keeps it an element at run time.
  interface GlobalComponents {
    "mcp-elicitation-outlet": new () => {
      $props: ElicitationOutletAttributes & ElicitationOutletVueEventProps & ElicitationOutletOtherAttributes;
      $emit: ElicitationOutletVueEmit;
      $el: ElicitationOutletElement;
    };
  }
}

declare module "react" {
  // React 19 JSX: <mcp-elicitation-outlet layout="steps" onmcp-elicitation-error={…} />
  namespace JSX {
    interface IntrinsicElements {
      "mcp-elicitation-outlet": ElicitationOutletAttributes & ElicitationOutletEventAttributes & ElicitationOutletOtherAttributes;
    }
  }
}

export {};
