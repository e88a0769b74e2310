/**
 * Text PostgreSQL can store. It refuses NUL (U+0000) in `text` and `jsonb`, and an unpaired UTF-16
 * surrogate cannot be written as UTF-8 at all (jsonb refuses its `\uD800` escape; a driver would silently
 * turn it into U+FFFD). JSON, form and query input can carry both, so every request is checked against
 * this rule once, before any of it reaches a service (docs/decisions/0013-hostile-text.md).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The path of the first string in a parsed request (nested objects and arrays included) that is not
 * storable text, or null when every string is. Object keys count too: a key can be stored (a record).
 */
export function unstorableTextPath(
  value: unknown,
  path: readonly (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : [...path];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextPath(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = unstorableTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
