import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { vi } from "vitest";
import type { ElicitParams, ElicitResult } from "../src/core/types";
import { ElicitationDialog, type ElicitationDialogProps } from "../src/dialog/ElicitationDialog";

/** Renders one dialog the way a host does and records what it answers. */
export function renderDialog(request: ElicitParams | Record<string, unknown>, props: Partial<ElicitationDialogProps> = {}) {
  const onResponse = vi.fn<(result: ElicitResult) => void>();
  const user = userEvent.setup();
  const view = render(
    <ElicitationDialog serverName="Acme Deploy" request={request as ElicitParams} onResponse={onResponse} {...props} />,
  );
  return { ...view, user, onResponse };
}
