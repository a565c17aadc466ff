import { useEffect, useLayoutEffect } from "react";

/** A layout effect in the browser (before the browser paints), an effect on the server (where React 18 warns about a layout effect). */
export const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
