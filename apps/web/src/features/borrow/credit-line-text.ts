import type { FeatureText } from '../../lib/i18n/feature-text.ts';

/** The credit line note (credit-line-note.tsx), on Home's card and on to_borrow. Short: it fits 360 px. */
const en = {
  line: 'Your credit line: {amount}',
  grows: 'Repay on time to reach {amount}',
  frozen:
    'On hold after a late payment: you can still borrow up to it. To have it reviewed, contact Customer service.',
};

export const creditLineText: FeatureText<keyof typeof en> = {
  en,
  fil: {
    line: 'Ang credit line mo: {amount}',
    grows: 'Magbayad sa oras para umabot sa {amount}',
    frozen:
      'Naka-hold dahil sa late na bayad: puwede ka pa ring humiram hanggang dito. Para ipasuri ito, kontakin ang Customer service.',
  },
  es: {
    line: 'Su línea de crédito: {amount}',
    grows: 'Pague a tiempo para llegar a {amount}',
    frozen:
      'En pausa tras un pago atrasado: puede seguir pidiendo hasta ese monto. Para que la revisen, contacte a Atención al cliente.',
  },
};
