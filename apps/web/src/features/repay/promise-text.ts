import type { FeatureText } from '../../lib/i18n/feature-text.ts';

/** Copy of repay_detail's promise to pay (issue 22, ADR 0075): its own chunk of text, with the repay screens. */
const en = {
  title: "Can't pay all today?",
  offer: 'Tell us the day you will pay, up to {last}, and how much: from {min} to {due}.',
  open: "I'll pay on…",
  dayLabel: "I'll pay on",
  amountLabel: 'Amount (₱)',
  amountHint: 'Whole pesos, from {min} to {due}',
  wholePesos: 'Please enter the amount in whole pesos, without centavos',
  submit: 'Promise to pay',
  notNow: 'Not now',
  runningTitle: 'Your promise to pay',
  running: 'You promised to pay {amount} by {date}.',
  byAgent: 'You agreed this with our collections team.',
  paidSince: 'Paid since you promised: {amount}.',
  penaltyNote: 'Late penalties still apply until the loan is paid.',
  made: 'Thank you. We sent your promise to your phone by SMS.',
};

export type PromiseTextKey = keyof typeof en;

export const promiseText: FeatureText<PromiseTextKey> = {
  en,
  fil: {
    title: 'Hindi mo kayang bayaran lahat ngayon?',
    offer:
      'Sabihin sa amin kung anong araw ka magbabayad, hanggang {last}, at magkano: mula {min} hanggang {due}.',
    open: 'Magbabayad ako sa…',
    dayLabel: 'Magbabayad ako sa',
    amountLabel: 'Halaga (₱)',
    amountHint: 'Buong piso, mula {min} hanggang {due}',
    wholePesos: 'Maglagay ng buong halaga sa piso (walang sentimo)',
    submit: 'Mangakong magbayad',
    notNow: 'Hindi muna',
    runningTitle: 'Ang pangako mong magbayad',
    running: 'Nangako kang magbabayad ng {amount} bago matapos ang {date}.',
    byAgent: 'Napagkasunduan mo ito sa aming collections team.',
    paidSince: 'Nabayaran mula nang mangako ka: {amount}.',
    penaltyNote: 'May multa pa rin sa pagkaantala hanggang mabayaran ang loan.',
    made: 'Salamat. Ipinadala namin ang pangako mo sa iyong phone sa SMS.',
  },
  es: {
    title: '¿No puede pagar todo hoy?',
    offer: 'Díganos qué día pagará, hasta el {last}, y cuánto: de {min} a {due}.',
    open: 'Pagaré el…',
    dayLabel: 'Pagaré el',
    amountLabel: 'Monto (₱)',
    amountHint: 'Pesos enteros, de {min} a {due}',
    wholePesos: 'Introduzca el monto en pesos enteros, sin centavos',
    submit: 'Prometer el pago',
    notNow: 'Ahora no',
    runningTitle: 'Su promesa de pago',
    running: 'Prometió pagar {amount} a más tardar el {date}.',
    byAgent: 'Lo acordó con nuestro equipo de cobranza.',
    paidSince: 'Pagado desde su promesa: {amount}.',
    penaltyNote: 'Los recargos por atraso siguen aplicándose hasta que se pague el préstamo.',
    made: 'Gracias. Le enviamos su promesa por SMS a su teléfono.',
  },
};
