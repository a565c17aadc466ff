const CLOSE = 0x7d; // }

/** [A-Za-z0-9_], the characters of a placeholder's name. */
function isNameChar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
}

/** Replaces `{name}` placeholders; unknown placeholders stay as written. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  // A scan rather than a regular expression with a callback: forms word many strings as they mount.
  let out = "";
  let copied = 0;
  for (let open = template.indexOf("{"); open !== -1; open = template.indexOf("{", open + 1)) {
    let end = open + 1;
    while (end < template.length && isNameChar(template.charCodeAt(end))) end++;
    if (end === open + 1 || template.charCodeAt(end) !== CLOSE) continue;
    const name = template.slice(open + 1, end);
    if (Object.prototype.hasOwnProperty.call(values, name)) {
      out += template.slice(copied, open) + values[name];
      copied = end + 1;
    }
    open = end;
  }
  return copied === 0 ? template : out + template.slice(copied);
}
