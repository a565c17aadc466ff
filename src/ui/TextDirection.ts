/** The writing direction of a host's text around the forms (`dir`): "auto" lets the browser judge it from the text. */
export type TextDirection = "ltr" | "rtl" | "auto";
