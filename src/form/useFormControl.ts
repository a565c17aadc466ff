import { useEffect, useState } from "react";
import { useClientLayoutEffect } from "../ui/useClientLayoutEffect";
import { createFormControl, type FieldValues, type FormState, type UseFormProps, type UseFormReturn } from "react-hook-form";

type Snapshot<V extends FieldValues> = FormState<V> & { defaultValues?: unknown };

/**
 * react-hook-form's `useForm` for options that never change after the first render (the form hook
 * passes the same mode, resolver and defaults for its whole life): the same methods and the same
 * `formState` (read through it, a key re-renders the form when it changes), made with a handful
 * of hooks instead of about twenty-five. It does not render the form a second time as it mounts:
 * `formState.isReady` becomes true then, and only a form that reads it is rendered again to show it.
 * It reads the control's own members (`_subscribe`, `_formState`, …) as `useForm` does, which is why
 * package.json takes react-hook-form's 7.92 patch releases only (`~7.92.0`).
 */
export function useFormControl<V extends FieldValues>(options: () => UseFormProps<V>): UseFormReturn<V> {
  // Everything this form keeps between renders, in one hook.
  const [own] = useState(() => {
    const { formControl: _, ...methods } = createFormControl(options());
    const own = {
      methods: methods as UseFormReturn<V>,
      mounted: false,
      dirtyShown: undefined as boolean | undefined,
      left: undefined as Snapshot<V> | undefined,
      /** The state this render shows, and the tracking view of it once something has read it. */
      shown: undefined as Snapshot<V> | undefined,
      tracked: undefined as FormState<V> | undefined,
    };
    // Made when first read: a form whose state nobody reads keeps no view of it.
    Object.defineProperty(own.methods, "formState", { enumerable: true, get: () => (own.tracked ??= trackedState(own.shown!, methods.control)) });
    return own;
  });
  const control = own.methods.control;
  const [state, setState] = useState(() => current(control));
  if (own.shown !== state) {
    own.shown = state;
    own.tracked = undefined;
  }

  useClientLayoutEffect(() => {
    const unsubscribe = control._subscribe({
      formState: control._proxyFormState,
      callback: () => setState(current(control)),
      reRenderRoot: true,
    });
    // Back after StrictMode's trial unmount or a hidden <Activity>: what changed meanwhile is shown.
    if (own.left && !sameState(own.left, current(control))) setState(current(control));
    control._formState.isReady = true;
    control._subjects.state.next({ isReady: true });
    return () => {
      unsubscribe();
      // A copy one level deep: react-hook-form edits its errors and field maps in place.
      own.left = Object.fromEntries(Object.entries(current(control)).map(([key, value]) => [key, isMap(value) ? { ...value } : value])) as Snapshot<V>;
    };
  }, [control, own]);

  // What useForm does after each render: the first one marks the form mounted (and checks it when
  // `isValid` is read); registrations of inputs that are gone are dropped.
  useEffect(() => {
    if (!control._state.mount || !own.mounted) {
      void control._setValid();
      control._state.mount = true;
    }
    own.mounted = true;
    if (control._state.watch) {
      control._state.watch = false;
      control._subjects.state.next({ ...control._formState });
    }
    // When `isDirty` is read and the shown value changed, it is worked out again (a reset may have changed it).
    if (own.dirtyShown !== state.isDirty) {
      own.dirtyShown = state.isDirty;
      if (control._proxyFormState.isDirty) {
        const isDirty = control._getDirty();
        if (isDirty !== state.isDirty) control._subjects.state.next({ isDirty });
      }
    }
    control._removeUnmounted();
  });

  return own.methods;
}

/** The form's state as the form shows it. */
function current<V extends FieldValues>(control: UseFormReturn<V>["control"]): Snapshot<V> {
  return { ...control._formState, defaultValues: control._defaultValues } as Snapshot<V>;
}

/**
 * `state` as read by the form's renderer: reading a key subscribes the form to it (react-hook-form's
 * "all" mark for the root), as useForm's formState does.
 */
function trackedState<V extends FieldValues>(state: Snapshot<V>, control: UseFormReturn<V>["control"]): FormState<V> {
  const proxy = control._proxyFormState as Record<string, unknown>;
  return new Proxy(state, {
    get(target, key, receiver) {
      if (typeof key === "string" && key in target) proxy[key] = "all";
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/** Whether two states show the same thing (keys compared, and one level into errors and field maps). */
function sameState(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every((key) => a[key] === b[key] || (isMap(a[key]) && isMap(b[key]) && sameShallow(a[key], b[key])));
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function sameShallow(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(b);
  return Object.keys(a).length === keys.length && keys.every((key) => a[key] === b[key]);
}
