import { memo, useEffect, useMemo, useState, type ComponentType } from "react";
import type { FileFieldDescriptor } from "../core/types";
import type { FieldComponentProps } from "./FieldComponentProps";
import { FieldShell } from "./FieldShell";
import type { describeChosenFile, FileInputProps } from "./FileInput";
import { fillTemplate } from "../messages/fillTemplate";
import { useCallbackRef } from "../ui/useCallbackRef";
import { useFieldValue } from "./useFieldValue";
import { useNativeField } from "./useNativeField";
import { knownFilesOf } from "./knownFiles";
import type { KnownDataUri } from "../core/values/dataUri";

// The picker, the reading and the size wording are a chunk of their own: only hosts that opt in to
// file inputs and meet a file field load it, and every other page's first bundle stays as it was.
const loadFileInput = () =>
  import("./FileInput").then((module) => ({ Input: module.FileInput as ComponentType<FileInputProps>, describe: module.describeChosenFile }));
type Loaded = { Input: ComponentType<FileInputProps>; describe: typeof describeChosenFile };

/**
 * A file input (draft SEP-2356, `fileInputs` opt-in): a button that opens the browser's file
 * picker, and a drop target. The label, description and button are drawn at once; the button works
 * as soon as the field's own code has arrived (a few milliseconds, once per page).
 */
export const FileField = memo(function FileField(props: FieldComponentProps<FileFieldDescriptor>) {
  // The same binding as every built-in field: the value (a data: URI) is handed over on each change
  // and drawn from the form's store, so the field needs no controller of its own.
  const state = useNativeField(props);
  const stored = useFieldValue(props.control, state.name);
  const value = typeof stored === "string" ? stored : "";
  // A file read is recorded with the form before it becomes the value: the check, this field and
  // the review then judge it by what was learnt as it was read (knownFiles.ts).
  const change = useCallbackRef((next: string | KnownDataUri) => {
    const files = knownFilesOf(props.control);
    if (typeof next === "string") files?.delete(props.field.key);
    else files?.set(props.field.key, next);
    state.change(typeof next === "string" ? next : next.uri);
  });
  const blur = useCallbackRef(() => state.blur());
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    let current = true;
    loadFileInput().then(
      (module) => current && setLoaded(module),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  // What the field shows of its file, worked out here: the data: URI itself is never handed to a
  // component (React's development build copies the start of every changed prop for its profiler,
  // which would read a URI joined from pieces into one block of millions of characters).
  const { start: _start, ...wiring } = state;
  const chosen = useMemo(
    () => (loaded && value !== "" ? loaded.describe(value, knownFilesOf(props.control), props.field.key) : undefined),
    [loaded, props.control, props.field.key, value],
  );
  return (
    FieldShell({
      field: props.field, state, messages: props.messages,
      children: (
        loaded ? (
          <loaded.Input field={props.field} state={wiring} chosen={chosen} messages={props.messages} change={change} blur={blur} fill={fillTemplate} />
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
