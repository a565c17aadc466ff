import { memo, useEffect, useState, type ComponentType } from "react";
import type { FileFieldDescriptor } from "../core/types";
import type { FieldComponentProps } from "./FieldComponentProps";
import { FieldShell } from "./FieldShell";
import type { FileInputProps } from "./FileInput";
import { fillTemplate } from "../messages/fillTemplate";
import { useNativeField } from "./useNativeField";
import { useFieldValue } from "./useFieldValue";
import { knownFilesOf } from "./knownFiles";
import { loadFormChecks } from "../core/loading/loadFormChecks";

// The picker, the reading, the value's wiring and the size wording are a chunk of their own: only
// hosts that opt in to file inputs and meet a file field load it, and every other page's first
// bundle stays as it was.
const loadFileInput = () => import("./FileInput").then((module) => module.withFormChecks(loadFormChecks));

/**
 * A file input (draft SEP-2356, `fileInputs` opt-in): a button that opens the browser's file
 * picker, and a drop target. The label, description and button are drawn at once; the button works
 * as soon as the field's own code has arrived (a few milliseconds, once per page).
 */
export const FileField = memo(function FileField(props: FieldComponentProps<FileFieldDescriptor>) {
  // The same binding as every built-in field: the value (a data: URI) is handed over on each change
  // and drawn from the form's store (FileInput.tsx), so the field needs no controller of its own.
  const state = useNativeField(props);
  const [Input, setInput] = useState<ComponentType<FileInputProps>>();
  useEffect(() => {
    let current = true;
    loadFileInput().then(
      (component) => current && setInput(() => component),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const { start: _start, ...wiring } = state;
  return (
    FieldShell({
      field: props.field, state, messages: props.messages,
      children: (
        Input ? (
          <Input field={props.field} control={props.control} state={wiring} messages={props.messages} fill={fillTemplate} useValue={useFieldValue} files={knownFilesOf(props.control)} />
        ) : (
          <div className="rme-file">
            <div className="rme-file__pick">
              <button type="button" id={state.ids.inputId} className="rme-button" disabled>
                {props.messages.fileChoose}
              </button>
            </div>
          </div>
        )
      ),
    })
  );
});
