import type { FeatureText } from '../../lib/i18n/feature-text.ts';

/** Me's Messages row, in Me's own chunk rather than the first screen's dictionary. */
const en = { messages: 'Messages', unread: '{count} new' };

export const inboxRowText: FeatureText<keyof typeof en> = {
  en,
  fil: { messages: 'Mga mensahe', unread: '{count} bago' },
  es: { messages: 'Mensajes', unread: '{count} nuevos' },
};
