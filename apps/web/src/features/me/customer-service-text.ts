import type { FeatureText } from '../../lib/i18n/feature-text.ts';

// The lender behind the app, as docs/terms.md promises: the texts point borrowers here for it.
const en = {
  lenderTitle: 'The lender',
  corporateName: 'Corporate name',
  secRegistration: 'SEC registration no.',
  certificateOfAuthority: 'Certificate of Authority no.',
};

export const customerServiceText: FeatureText<keyof typeof en> = {
  en,
  fil: {
    lenderTitle: 'Ang nagpapautang',
    corporateName: 'Pangalan ng korporasyon',
    secRegistration: 'Numero ng rehistro sa SEC',
    certificateOfAuthority: 'Numero ng Certificate of Authority',
  },
  es: {
    lenderTitle: 'El prestamista',
    corporateName: 'Razón social',
    secRegistration: 'N.º de registro en la SEC',
    certificateOfAuthority: 'N.º de Certificate of Authority',
  },
};
