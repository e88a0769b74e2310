/**
 * Which pages may talk to the app through postMessage (GUIDE section 6: the bridge accepts messages only
 * from the configured origins): the app's own origin plus its brand's parent origins, the same list that
 * decides which pages may frame it (lib/brand.ts).
 */

/** `https://lender.example/` → `https://lender.example`; null for anything that is not a web origin. */
export function toOrigin(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function allowedOrigins(ownOrigin: string, configured: readonly string[]): Set<string> {
  const origins = new Set<string>([ownOrigin]);
  for (const entry of configured) {
    // A wildcard would let any page that frames the app read tokens and form data: never accept one.
    const origin = entry.includes('*') ? null : toOrigin(entry);
    if (origin) origins.add(origin);
  }
  return origins;
}

/**
 * The origin to post to the parent frame. The browser tells the parent's origin through
 * `location.ancestorOrigins` (Chromium, WebKit) or the referrer; a parent outside the list gets nothing.
 * When neither tells, the app's own origin is used: the browser then drops the message unless the parent
 * really is same-origin, so nothing leaks.
 */
export function parentTargetOrigin(
  location: { origin: string; ancestorOrigins?: { length: number; [index: number]: string } },
  referrer: string,
  allowed: Set<string>,
): string | null {
  const ancestors = location.ancestorOrigins;
  const seen =
    ancestors && ancestors.length > 0 ? (ancestors[0] ?? null) : referrer ? toOrigin(referrer) : null;
  if (seen === null) return location.origin;
  return allowed.has(seen) ? seen : null;
}
