// Every attribute and event of the element, as a React 19 page writes them: checks clean.
import "react-mcp-elicitation/element";
import { useRef } from "react";
import type { ElicitationOutletElement } from "react-mcp-elicitation/element";

export function Thread({ chatId }: { chatId: string }) {
  const outlet = useRef<ElicitationOutletElement>(null);
  return (
    <mcp-elicitation-outlet
      ref={outlet}
      class="thread-card"
      relay-url="/api/elicitation"
      presentation="inline"
      layout="steps"
      drafts="memory"
      filter-context={`chatId=${chatId}`}
      stop-asking="false"
      onmcp-elicitation-error={(event) => console.warn(event.detail.message)}
      onmcp-elicitation-closed={(event) => console.log(event.detail.reason === "accept")}
    />
  );
}
