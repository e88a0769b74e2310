/**
 * Lets shared code (the API client, the session) move to another screen without importing the router:
 * the app registers the router's navigate at start-up.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate | null = null;

export function setNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigate) navigate(to, options);
  else window.location.hash = `#${to}`;
}
