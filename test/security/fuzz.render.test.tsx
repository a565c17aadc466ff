// Any request the parser accepts renders without a React error; any it refuses renders the reason.
import { cleanup, render } from "@testing-library/react";
import fc from "fast-check";
import { Component, type ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { preloadValidation } from "../../src/core/loading/preloadValidation";
import type { ElicitParams } from "../../src/core/types";
import { parseElicitationRequest } from "../../src/core/request/parseElicitationRequest";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { candidateSchema } from "./arbitraries";

class Boundary extends Component<{ children: ReactNode; onError: (e: unknown) => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

// Schemas with a pattern are drawn once the pattern engine is loaded (that wait is tested in
// test/core/loading/lazyEngines.test.tsx); here every generated schema must draw at once.
beforeAll(() => preloadValidation());

afterEach(() => cleanup());

function renderOnce(request: unknown) {
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, "error").mockImplementation((...args) => errors.push(args));
  const onResponse = vi.fn();
  const view = render(
    <Boundary onError={(e) => errors.push(e)}>
      <ElicitationDialog serverName="Fuzz" request={request as ElicitParams} onResponse={onResponse} />
    </Boundary>,
  );
  consoleError.mockRestore();
  return { view, errors, onResponse };
}

describe("fuzz: rendering", () => {
  it("every generated schema renders a dialog, without a React error or an answer", () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), candidateSchema, (message, requestedSchema) => {
        const request = { message, requestedSchema };
        const { view, errors, onResponse } = renderOnce(request);
        expect(errors).toEqual([]);
        expect(onResponse).not.toHaveBeenCalled();
        const dialog = view.getByRole("dialog");
        if (parseElicitationRequest(request).ok) {
          accepted++;
          expect(dialog.querySelectorAll(".rme-field")).toHaveLength(Object.keys(requestedSchema.properties).length);
        } else {
          expect(dialog.querySelector(".rme-form__invalid")?.textContent).toMatch(/Invalid elicitation request at /);
        }
        view.unmount();
      }),
      { numRuns: 40 },
    );
    expect(accepted).toBeGreaterThan(5);
  });

  it("arbitrary JSON as the request renders a dialog or nothing, never an error", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (request) => {
        const { view, errors } = renderOnce(request);
        expect(errors).toEqual([]);
        view.unmount();
      }),
      { numRuns: 40 },
    );
  });
});
