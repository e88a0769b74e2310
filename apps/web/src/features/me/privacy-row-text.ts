import type { FeatureText } from '../../lib/i18n/feature-text.ts';

/** Me's Privacy row, in Me's own chunk; the privacy screens' own copy loads with them (ADR 0086). */
const en = { privacy: 'Privacy and your data' };

export const privacyRowText: FeatureText<keyof typeof en> = {
  en,
  fil: { privacy: 'Privacy at iyong datos' },
  es: { privacy: 'Privacidad y sus datos' },
};
