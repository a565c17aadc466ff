import type { ComponentType } from "react";
import type { FieldDescriptor, FieldKind } from "../core/types";
import { BooleanField } from "./BooleanField";
import { FileField } from "./FileField";
import type { FieldComponentProps } from "./FieldComponentProps";
import { MultiSelectField } from "./MultiSelectField";
import { NumberField } from "./NumberField";
import { SingleSelectField } from "./SingleSelectField";
import { TextField } from "./TextField";

/** Maps a field kind to the component that draws it; hosts override kinds one by one. */
export type FieldRegistry = {
  [K in FieldKind]: ComponentType<FieldComponentProps<Extract<FieldDescriptor, { kind: K }>>>;
};

export const defaultFieldRegistry: FieldRegistry = {
  text: TextField,
  number: NumberField,
  boolean: BooleanField,
  "single-select": SingleSelectField,
  "multi-select": MultiSelectField,
  // Only parsed when the host opts in to file inputs (`fileInputs`).
  file: FileField,
};
