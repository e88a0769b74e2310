/**
 * Lets shared code (the API client, the session) move to another screen without importing the router:
 * the app registers the router's navigate at start-up.
 */
export interface NavigateOptions {
  replace?: boolean;
  /** Show the new screen before returning, ahead of any other state change that follows. */
  flushSync?: boolean;
}
type Navigate = (to: string, options?: NavigateOptions) => Promise<void>;

let navigate: Navigate | null = null;

export function setNavigator(next: Navigate): void {
  navigate = next;
}

/** Resolves once the new screen is the current one. */
export async function navigateTo(to: string, options: NavigateOptions = {}): Promise<void> {
  if (navigate) await navigate(to, options);
  else window.location.hash = `#${to}`;
}

/** The `href` of an app location: the app routes by hash, so a plain link works with or without the router. */
export function hashHref(to: string): string {
  return `#${to}`;
}

/** The app location the address bar shows now (`/repay/repay_detail?orderNo=1`), read without the router. */
export function currentLocation(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}
