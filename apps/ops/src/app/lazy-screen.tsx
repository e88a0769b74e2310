import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
} from 'react';

/**
 * A screen loaded with `import()` when its route first opens (ADR 0057): `load` imports the module, `name` is
 * the screen it exports.
 */
// biome-ignore lint/suspicious/noExplicitAny: any props, as React's own lazy() takes
export function lazyScreen<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** Stands in for a section that failed to load (offline, or the console was updated since it opened). */
class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert">
        This page could not be loaded. Check the connection and{' '}
        <button type="button" className="secondary" onClick={() => window.location.reload()}>
          reload the console
        </button>
        .
      </p>
    );
  }
}

/** Where a lazy screen shows: "Loading…" while its code arrives, a way out if it cannot. */
export function ScreenFrame({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary>
      <Suspense fallback={<p aria-live="polite">Loading…</p>}>{children}</Suspense>
    </LoadBoundary>
  );
}
