// A host page built from the packed package, as a host's bundler meets it. Plain JavaScript (no JSX)
// so that any bundler builds it without a plugin.
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { ElicitationForm, preloadValidation, setValidationEngine } from "react-mcp-elicitation";

// webpack attaches this nonce to the chunks it loads (a nonce-only policy refuses them otherwise).
if (typeof __webpack_nonce__ !== "undefined") __webpack_nonce__ = document.querySelector("script[nonce]")?.nonce ?? "";

window.__sent = [];
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});

const schema = {
  type: "object",
  properties: {
    year: { type: "string", title: "Year", pattern: "^[0-9]{4}$" },
    letters: { type: "string", title: "Letters", pattern: "^(a+)+$" },
    words: { type: "string", title: "Words", pattern: "^(\\w+\\s?)*$" },
    code: { type: "string", title: "Code", pattern: "^(?=.*[0-9])[a-z0-9]{4}$" },
    notes: { type: "string", title: "Notes" },
  },
};

// ?engine=set or ?engine=preload: a host that knows its policy names the eval-free engine before the
// first form, one way or the other (no eval probe then).
const engine = new URLSearchParams(location.search).get("engine");
if (engine === "set") setValidationEngine("eval-free");
if (engine === "preload") void preloadValidation({ engine: "eval-free" });

// Drawn from a timer, in a task of the page (the engine's eval probe runs then, under the page's policy).
setTimeout(() => {
  createRoot(document.getElementById("root")).render(
    createElement(ElicitationForm, { schema, onSubmit: (content) => window.__sent.push(content) }),
  );
  window.__ready = true;
}, 0);
