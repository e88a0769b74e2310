import { useEffect } from 'react';
import { getAppName } from '../../../lib/brand.ts';

/** Sets the tab title to the page's, with the brand; answers the brand's app name. */
export function useDocumentTitle(title: string): string {
  const appName = getAppName();
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return appName;
}
