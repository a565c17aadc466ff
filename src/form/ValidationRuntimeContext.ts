import { createContext } from "react";
import { defaultValidationRuntime, type ValidationRuntime } from "../core/loading/validationRuntime";

/**
 * The validation runtime the forms below use: the page's default unless a provider gives another
 * (tests give each case a fresh one: nothing loaded, nothing compiled, no engine chosen).
 */
export const ValidationRuntimeContext = createContext<ValidationRuntime>(defaultValidationRuntime);
