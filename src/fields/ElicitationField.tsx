import { memo, type ComponentType } from "react";
import type { FieldComponentProps } from "./FieldComponentProps";
import { defaultFieldRegistry, type FieldRegistry } from "./fieldRegistry";

export interface ElicitationFieldProps extends FieldComponentProps {
  /** Replacement components for some kinds; the rest come from the default registry. */
  components?: Partial<FieldRegistry>;
}

/**
 * Draws one field descriptor with the component registered for its kind. Memoised so that
 * the form re-rendering (after a reset, for instance) leaves the fields alone.
 */
export const ElicitationField = memo(function ElicitationField({ components, ...props }: ElicitationFieldProps) {
  const kind = props.field.kind;
  const Component = (components?.[kind] ?? defaultFieldRegistry[kind]) as ComponentType<FieldComponentProps>;
  return <Component {...props} />;
});
