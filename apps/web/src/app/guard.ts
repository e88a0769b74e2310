import { isProtectedLocation, paths } from '../config/paths.ts';
import type { AppMode } from '../lib/bridge/bridge.ts';

/** What the route guard (SPEC section 2) does with a location. */
export type GuardDecision =
  | { kind: 'allow' }
  /** The native app is still telling us whether the borrower is signed in. */
  | { kind: 'wait' }
  | { kind: 'nativeLogin'; returnTo: string }
  | { kind: 'webLogin'; to: string };

const EMBEDDABLE_PATHS: readonly string[] = [
  paths.personalInformation.path,
  paths.additionalInformation.path,
];

function isEmbeddableLocation(location: string): boolean {
  return EMBEDDABLE_PATHS.includes(location.split('?')[0] ?? '');
}

export function decideGuard(input: {
  location: string;
  hasToken: boolean;
  mode: AppMode;
  sessionChecked: boolean;
}): GuardDecision {
  if (!isProtectedLocation(input.location) || input.hasToken) return { kind: 'allow' };
  // An embedding parent owns the form's values and its saving: the frame calls none of our endpoints.
  if (input.mode === 'embedded' && isEmbeddableLocation(input.location)) return { kind: 'allow' };
  if (input.mode === 'app') {
    return input.sessionChecked ? { kind: 'nativeLogin', returnTo: input.location } : { kind: 'wait' };
  }
  return { kind: 'webLogin', to: paths.login.getHref({ returnTo: input.location }) };
}
