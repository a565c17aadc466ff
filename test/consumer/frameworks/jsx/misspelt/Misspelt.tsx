// Each mistake here must be an error (scripts/check-frameworks.mjs lists them).
import "react-mcp-elicitation/element";

export const misspelt = (
  <mcp-elicitation-outlet
    relay-url="/api/elicitation"
    presentation="modal"
    layout="grid"
    drafts="sesion"
    onmcp-elicitation-error={(event) => console.warn(event.detail.mesage)}
    onmcp-elicitation-closed={(event) => console.log(event.detail.reasn)}
  />
);
