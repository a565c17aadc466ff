import { memo, useEffect, useId, useMemo, useRef, useState, type ComponentType, type DragEvent } from "react";
import type { Control } from "react-hook-form";
import type { FormChecks, loadFormChecks } from "../core/loading/loadFormChecks";
import type { FileFieldDescriptor, FormValues } from "../core/types";
import type { KnownDataUri, KnownDataUris } from "../core/values/dataUri";

import type { ElicitationMessages } from "../messages/ElicitationMessages";
import type { fillTemplate } from "../messages/fillTemplate";
import { withFileMessages } from "../messages/fileMessages";
import { readFileAsDataUri } from "./readFileAsDataUri";
import type { useFieldValue } from "./useFieldValue";
import type { useNativeField } from "./useNativeField";

export interface FileInputProps {
  field: FileFieldDescriptor;
  /** The form's control: the field's value (a data: URI) is drawn from its store. */
  control: Control<FormValues>;
  /** The field's wiring (useNativeField): ids, ARIA, the ref that lets the form focus it, change and blur. */
  state: Omit<ReturnType<typeof useNativeField>, "start">;
  messages: ElicitationMessages;
  /** The messages layer's fillTemplate, handed in: importing it here would split the first bundle for this chunk. */
  fill: typeof fillTemplate;
  /** useFieldValue, handed in as `fill` is: the field's value (a data: URI), drawn from the form's store. */
  useValue: typeof useFieldValue;
  /** The form's record of the data: URIs its file fields built (knownFiles.ts), handed in as `fill` is. */
  files: Map<string, KnownDataUri> | undefined;
}

/**
 * The file input, once the form's checking code is there (loadFormChecks.ts): it judges and words a
 * file by that code's rules, taken from it rather than imported, so that bundlers keep them in its chunk.
 * `load` is handed in: importing it here would split the first bundle for this chunk (see `fill`).
 */
export async function withFormChecks(load: typeof loadFormChecks): Promise<ComponentType<FileInputProps>> {
  const checks = await load();
  return function FileInputWithChecks(props: FileInputProps) {
    return <FileInput {...props} checks={checks} />;
  };
}

/** What the field shows of the file its value holds (name and size), from what was learnt reading it when the field did; undefined for none. */
function describeChosenFile(
  checks: FormChecks,
  value: string,
  files: KnownDataUris | undefined,
  key: string,
): { name: string | undefined; byteLength: number } | undefined {
  const known = checks.knownDataUri(files, key, value);
  const info = known?.info ?? checks.parseDataUri(value);
  return info && { name: info.name, byteLength: known?.byteLength ?? checks.dataUriByteLength(value, info) };
}

/**
 * The working file field (FileField.tsx loads it as its own chunk): a button that opens the
 * browser's file picker, and a drop target. A file of a type `accept` refuses or larger than the field's limit is
 * turned down before a byte of it is read; otherwise it is read as a data: URI (asynchronously) and
 * becomes the field's value, checked like any other. The person sees the file's name and size,
 * never its bytes.
 */
const FileInput = memo(function FileInput({ field, control, state, messages: given, fill, useValue, files, checks }: FileInputProps & { checks: FormChecks }) {
  const messages = useMemo(() => withFileMessages(given), [given]);
  const { acceptsFile, describeValidationIssue, formatFileSize } = checks;
  const { ids, ariaProps } = state;
  const stored = useValue(control, state.name);
  const value = typeof stored === "string" ? stored : "";
  // What the field shows of its file, worked out here: the data: URI itself is never handed to a
  // component (React's development build copies the start of every changed prop for its profiler,
  // which would read a URI joined from pieces into one block of millions of characters).
  const chosen = useMemo(() => (value !== "" ? describeChosenFile(checks, value, files, field.key) : undefined), [checks, files, field.key, value]);
  // A file read is recorded with the form before it becomes the value: the check, this field and
  // the review then judge it by what was learnt as it was read (knownFiles.ts).
  const change = (next: "" | KnownDataUri) => {
    if (next === "") files?.delete(field.key);
    else files?.set(field.key, next);
    state.change(next === "" ? next : next.uri);
  };
  const blur = state.blur;
  const [problem, setProblem] = useState<string>();
  const [reading, setReading] = useState<string>();
  const [dragging, setDragging] = useState(false);
  // Sizes are worded in the language of the form around the field.
  const [lang, setLang] = useState<string>();
  const root = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const pending = useRef<AbortController | undefined>(undefined);
  const baseId = useId();
  const textId = `${baseId}-text`;
  const hintId = `${baseId}-hint`;
  const problemId = problem ? `${baseId}-problem` : undefined;
  const nameId = `${baseId}-name`;

  useEffect(() => setLang(root.current?.closest("[lang]")?.getAttribute("lang") ?? undefined), []);
  // A read still under way when the field goes away is dropped.
  useEffect(() => () => pending.current?.abort(), []);

  const take = async (file: File | undefined) => {
    if (file === undefined || state.readOnly) return;
    pending.current?.abort();
    pending.current = undefined;
    setReading(undefined);
    const refuse = (code: "fileType" | "fileSize", params: Record<string, unknown>) =>
      setProblem(describeValidationIssue({ code, params }, field.label, messages.validation));
    // Both checks come before reading: a refused file costs nothing.
    if (!acceptsFile(field.accept, file)) return refuse("fileType", { accept: (field.accept ?? []).join(", ") });
    if (file.size > field.sizeLimit) return refuse("fileSize", { limit: field.sizeLimit });
    setProblem(undefined);
    const read = new AbortController();
    pending.current = read;
    setReading(file.name);
    try {
      const uri = await readFileAsDataUri(file, checks.parseDataUri, read.signal);
      if (read.signal.aborted) return;
      change(uri);
      blur();
    } catch {
      if (!read.signal.aborted) setProblem(fill(messages.fileReadFailed, { name: file.name }));
    } finally {
      if (pending.current === read) {
        pending.current = undefined;
        setReading(undefined);
      }
    }
  };

  const remove = () => {
    pending.current?.abort();
    setProblem(undefined);
    change("");
    blur();
  };
  const onDragOver = (event: DragEvent) => {
    if (state.readOnly || !event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    if (state.readOnly) return;
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  const hints = [
    field.accept && field.accept.length > 0 ? fill(messages.fileTypes, { types: field.accept.join(", ") }) : undefined,
    Number.isFinite(field.sizeLimit) ? fill(messages.fileMaxSize, { size: formatFileSize(field.sizeLimit, lang) }) : undefined,
  ].filter(Boolean);
  const describedBy = [ariaProps["aria-describedby"], hints.length > 0 ? hintId : undefined, problemId].filter(Boolean).join(" ") || undefined;

  return (
    <div
        ref={root}
        className="rme-file"
        data-dragging={dragging ? "" : undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <input
          ref={picker}
          type="file"
          // The button opens it; hidden, it takes no room and no focus.
          hidden
          accept={field.accept?.join(",") || undefined}
          disabled={state.readOnly}
          onChange={(event) => {
            void take(event.target.files?.[0]);
            // The same file chosen again is a new choice.
            event.target.value = "";
          }}
        />
        <div className="rme-file__pick">
          <button
            type="button"
            id={ids.inputId}
            ref={state.ref}
            className="rme-button"
            aria-labelledby={`${ids.labelId} ${textId}`}
            // A button takes no aria-invalid (ARIA 1.2): the error reaches it as part of its description.
            aria-describedby={describedBy}
            disabled={state.readOnly}
            onClick={() => picker.current?.click()}
            onBlur={state.blur}
          >
            <span id={textId}>{messages.fileChoose}</span>
          </button>
          {state.readOnly ? null : <span className="rme-file__drop">{messages.fileDrop}</span>}
        </div>
        {hints.length > 0 ? (
          <p id={hintId} className="rme-field__description rme-file__hint">
            {hints.join(" · ")}
          </p>
        ) : null}
        {reading !== undefined ? (
          <p className="rme-file__chosen" role="status">
            {fill(messages.fileReading, { name: reading })}
          </p>
        ) : chosen !== undefined ? (
          <p className="rme-file__chosen" data-file="">
            <span id={nameId} className="rme-file__name">
              {chosen.name || messages.fileUnnamed}
            </span>{" "}
            <span className="rme-file__size">{formatFileSize(chosen.byteLength, lang)}</span>
            {state.readOnly ? null : (
              <>
                {" "}
                <button type="button" className="rme-button rme-button--quiet" aria-describedby={nameId} onClick={remove}>
                  {messages.fileRemove}
                </button>
              </>
            )}
          </p>
        ) : null}
        {problem ? (
          <p id={problemId} className="rme-field__error" role="alert">
            {problem}
          </p>
        ) : null}
    </div>
  );
});
