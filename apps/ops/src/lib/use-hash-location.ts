import { useEffect, useState } from 'react';
import { type Location, parseHash } from '../config/paths.ts';

/** The current route from `location.hash`, updated on every hash change. */
export function useHashLocation(): Location {
  const [location, setLocation] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const update = () => setLocation(parseHash(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return location;
}

export function navigate(href: string): void {
  window.location.hash = href;
}
