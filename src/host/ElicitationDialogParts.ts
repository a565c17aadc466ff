import { ElicitationDialogActions } from "../dialog/ElicitationDialogActions";
import { ElicitationDialogBody } from "../dialog/ElicitationDialogBody";
import { ElicitationDialogClose } from "../dialog/ElicitationDialogClose";
import { ElicitationDialogHeader } from "../dialog/ElicitationDialogHeader";
import { ElicitationDialogMessage } from "../dialog/ElicitationDialogMessage";
import { ElicitationDialogRoot } from "../dialog/ElicitationDialogRoot";
import { useElicitationAnswer } from "../dialog/useElicitationAnswer";
import { DialogStatus } from "./DialogStatus";

/**
 * The pieces `ElicitationDialog` is made of, for a host that arranges its own dialog or card:
 * `useAnswer` owns the answer's life (answered once, withdrawal, the sensitive-field policy,
 * invalid requests, drafts, last answers); `Root` draws the frame (dialog or inline) and shares
 * that state with `Header`, `Message`, `Body` (with `Actions` at the end of its form) and `Close`;
 * `Status` is the queue's line under the title. Each is exported by its own name as well
 * (`ElicitationDialogRoot`, …, `ElicitationDialogStatus`, `useElicitationAnswer`); this object is
 * the same components, for hosts that write `Parts.Root`.
 */
export const ElicitationDialogParts = {
  useAnswer: useElicitationAnswer,
  Root: ElicitationDialogRoot,
  Header: ElicitationDialogHeader,
  Message: ElicitationDialogMessage,
  Body: ElicitationDialogBody,
  Actions: ElicitationDialogActions,
  Close: ElicitationDialogClose,
  Status: DialogStatus,
} as const;
