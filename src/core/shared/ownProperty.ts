// Server-chosen keys ("__proto__", "constructor", …) must never resolve through the prototype chain.

/** The value of `obj`'s OWN property `key`, or undefined; inherited properties never count. */
export function ownProperty(obj: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(obj, key);
  if (descriptor === undefined) return undefined;
  // Accessors only appear on hand-built objects; reading them may throw, which callers catch.
  return "value" in descriptor ? descriptor.value : Reflect.get(obj, key);
}

export function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** A non-null, non-array object: what JSON calls an object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
