import type { FeatureText } from '../../lib/i18n/feature-text.ts';

/** Copy of the cooling-off card and the cancelled loan (ADR 0038): its own chunk of text, with the repay screens. */
const en = {
  title: 'Changed your mind?',
  offer:
    'Until {date} you may cancel this loan by paying back {amount}, the money you received. No interest and no fee are charged.',
  cancel: 'Cancel the loan: pay back {amount}',
  requested:
    'You asked to cancel this loan. Pay {amount} by {date}: once it is credited, the loan is cancelled and nothing more is owed.',
  pay: 'Pay {amount} to cancel',
  deadline: 'Cooling-off ends',
  cancelledTitle: 'Your loan is cancelled',
  cancelledHint:
    'You paid back the money you received within the cooling-off period. Nothing more is owed: no interest and no fee were charged.',
  cancelledOn: 'Cancelled on {date}.',
};

export type CoolingOffTextKey = keyof typeof en;

export const coolingOffText: FeatureText<CoolingOffTextKey> = {
  en,
  fil: {
    title: 'Nagbago ang isip mo?',
    offer:
      'Hanggang {date}, puwede mong kanselahin ang loan na ito sa pagbabalik ng {amount}, ang perang natanggap mo. Walang interes at walang bayarin.',
    cancel: 'Kanselahin ang loan: ibalik ang {amount}',
    requested:
      'Hiniling mong kanselahin ang loan na ito. Bayaran ang {amount} hanggang {date}: kapag pumasok na ito, kanselado na ang loan at wala ka nang babayaran.',
    pay: 'Bayaran ang {amount} para kanselahin',
    deadline: 'Katapusan ng cooling-off',
    cancelledTitle: 'Kanselado na ang loan mo',
    cancelledHint:
      'Naibalik mo ang perang natanggap mo sa loob ng cooling-off period. Wala ka nang babayaran: walang interes at walang bayaring siningil.',
    cancelledOn: 'Kinansela noong {date}.',
  },
  es: {
    title: '¿Cambió de opinión?',
    offer:
      'Hasta el {date} puede cancelar este préstamo devolviendo {amount}, el dinero que recibió. No se cobran intereses ni comisiones.',
    cancel: 'Cancelar el préstamo: devolver {amount}',
    requested:
      'Pidió cancelar este préstamo. Pague {amount} a más tardar el {date}: cuando se acredite, el préstamo queda cancelado y no debe nada más.',
    pay: 'Pagar {amount} para cancelar',
    deadline: 'Fin del desistimiento',
    cancelledTitle: 'Su préstamo está cancelado',
    cancelledHint:
      'Devolvió el dinero que recibió dentro del periodo de desistimiento. No debe nada más: no se cobraron intereses ni comisiones.',
    cancelledOn: 'Cancelado el {date}.',
  },
};
