import { createContext } from "react";
import type { ValidationRuntime } from "../core/validation/validationRuntime";

/**
 * The validation runtime the forms below use: the page's default (undefined here, so that its code
 * loads with the first check, not with the page) unless a provider gives another (tests give each
 * case a fresh one: nothing loaded, nothing compiled, no engine chosen).
 */
export const ValidationRuntimeContext = createContext<ValidationRuntime | undefined>(undefined);
