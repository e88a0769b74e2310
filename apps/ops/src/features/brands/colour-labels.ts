import type { BrandColourName } from '@hiram/contract/brand-look';

/** What each brand colour is for, as the form and the brand page name it. */
export const COLOUR_LABELS: Record<BrandColourName, string> = {
  primary: 'Primary (buttons, links, offer card)',
  onPrimary: 'Text on primary',
  accent: 'Accent (Apply button)',
  onAccent: 'Text on accent',
  background: 'Page background',
  text: 'Body text',
};
