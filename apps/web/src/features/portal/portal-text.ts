import type { FeatureText } from '../../lib/i18n/feature-text.ts';

const en = {
  title: 'Pay a loan',
  intro:
    'Pay without signing in. We send a code to the mobile number of the loan; whoever pays needs it from the borrower.',
  reference: 'Order reference',
  referenceHint: 'It is in the payment link you received.',
  referenceRequired: 'Please enter the order reference from your payment link',
  loanMobile: 'Mobile number of the loan',
  showDue: 'Show what is due',
  newCodeNeeded: 'Your code was used for the payment. Ask for a new one to see the balance now.',
  payTo: 'Pay to {app}',
  totalDue: 'Balance to pay',
  choose: 'How do you want to pay?',
  paidInFull: 'This loan is paid in full',
  paidInFullHint: 'Nothing is left to pay. Thank you!',
  afterPaying: 'I have paid: show the balance',
  otherWay: 'Choose another way to pay',
  amountFirst: 'Check the amount, then choose how to pay.',
};

export type PortalTextKey = keyof typeof en;

export const portalText: FeatureText<PortalTextKey> = {
  en,
  fil: {
    title: 'Magbayad ng loan',
    intro:
      'Magbayad nang hindi nagsa-sign in. Magpapadala kami ng code sa mobile number ng loan; kailangan ito ng magbabayad mula sa nangutang.',
    reference: 'Reference ng order',
    referenceHint: 'Nasa payment link na natanggap mo ito.',
    referenceRequired: 'Ilagay ang reference ng order mula sa iyong payment link',
    loanMobile: 'Mobile number ng loan',
    showDue: 'Ipakita ang dapat bayaran',
    newCodeNeeded: 'Nagamit na ang code mo sa pagbabayad. Humingi ng bago para makita ang balanse ngayon.',
    payTo: 'Magbayad sa {app}',
    totalDue: 'Balanseng babayaran',
    choose: 'Paano mo gustong magbayad?',
    paidInFull: 'Bayad na nang buo ang loan na ito',
    paidInFullHint: 'Wala nang kailangang bayaran. Salamat!',
    afterPaying: 'Nakabayad na ako: ipakita ang balanse',
    otherWay: 'Pumili ng ibang paraan ng pagbabayad',
    amountFirst: 'Tingnan ang halaga, saka piliin kung paano magbabayad.',
  },
  es: {
    title: 'Pagar un préstamo',
    intro:
      'Pague sin iniciar sesión. Enviamos un código al número móvil del préstamo; quien paga lo necesita del prestatario.',
    reference: 'Referencia del pedido',
    referenceHint: 'Está en el enlace de pago que recibió.',
    referenceRequired: 'Introduzca la referencia del pedido de su enlace de pago',
    loanMobile: 'Número móvil del préstamo',
    showDue: 'Ver lo que se debe',
    newCodeNeeded: 'Su código se usó para el pago. Pida uno nuevo para ver el saldo actual.',
    payTo: 'Pagar a {app}',
    totalDue: 'Saldo a pagar',
    choose: '¿Cómo quiere pagar?',
    paidInFull: 'Este préstamo está pagado',
    paidInFullHint: 'No queda nada por pagar. ¡Gracias!',
    afterPaying: 'Ya pagué: ver el saldo',
    otherWay: 'Elegir otra forma de pago',
    amountFirst: 'Revise el monto y luego elija cómo pagar.',
  },
};
