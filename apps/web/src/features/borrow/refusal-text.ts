import type { BorrowerReason } from '@hiram/contract/assessment';
import type { FeatureText } from '../../lib/i18n/feature-text.ts';

/**
 * What a refused borrower reads on review_tips (issue 21, "Every decision explained"; RA 9510): the main
 * reasons, plainly and kindly, one per `BorrowerReason` (never which fraud check matched), when she may apply
 * again, and how to have a person look at the decision again. Short lines: they fit 360 px.
 */
const en = {
  reasonsTitle: 'The main reasons',
  age: 'Your age is outside the ages we can lend to.',
  profileIncomplete: 'Some details or answers we need were missing.',
  detailsNotConfirmed: 'We could not confirm some of your details.',
  income: 'The repayments would be too high for the income you told us.',
  pastLoanWithUs: 'An earlier loan with us was paid late.',
  loansElsewhere: 'You are paying other loans, or are behind on them.',
  creditRecord: 'What the credit bureau reports about your other loans.',
  applyAgain: 'You can apply again from {date}.',
  reviewAutomatic:
    'This decision was made automatically by our credit rules. You may ask for a person on our team to review it, and ask what information we used: contact Customer service.',
  reviewByPerson:
    'A person on our team reviewed your application. If you think something was missed, contact Customer service and another person will look at it again.',
  askReview: 'Ask for a review',
};
export type RefusalTextKey = keyof typeof en;
/** Each borrower reason has its words (a reason added to the contract fails the build until it has them). */
export const REASON_KEY: Record<BorrowerReason, RefusalTextKey> = {
  age: 'age',
  profileIncomplete: 'profileIncomplete',
  detailsNotConfirmed: 'detailsNotConfirmed',
  income: 'income',
  pastLoanWithUs: 'pastLoanWithUs',
  loansElsewhere: 'loansElsewhere',
  creditRecord: 'creditRecord',
};

export const refusalText: FeatureText<RefusalTextKey> = {
  en,
  fil: {
    reasonsTitle: 'Ang mga pangunahing dahilan',
    age: 'Ang edad mo ay labas sa mga edad na puwede naming pautangin.',
    profileIncomplete: 'May kulang sa mga detalye o sagot na kailangan namin.',
    detailsNotConfirmed: 'Hindi namin makumpirma ang ilan sa iyong mga detalye.',
    income: 'Masyadong malaki ang mga bayad para sa kitang sinabi mo sa amin.',
    pastLoanWithUs: 'Na-late ang bayad sa isang naunang loan mo sa amin.',
    loansElsewhere: 'May iba kang loan na binabayaran, o late ka sa mga ito.',
    creditRecord: 'Ang ulat ng credit bureau tungkol sa iba mong mga loan.',
    applyAgain: 'Maaari kang mag-apply muli simula {date}.',
    reviewAutomatic:
      'Awtomatikong ginawa ng aming mga patakaran sa credit ang desisyong ito. Maaari kang humiling na suriin ito ng isang tao sa aming team, at itanong kung anong impormasyon ang ginamit namin: kontakin ang Customer service.',
    reviewByPerson:
      'Sinuri ng isang tao sa aming team ang iyong aplikasyon. Kung sa tingin mo ay may nakaligtaan, kontakin ang Customer service at titingnan itong muli ng ibang tao.',
    askReview: 'Humiling ng review',
  },
  es: {
    reasonsTitle: 'Los motivos principales',
    age: 'Su edad está fuera de las edades a las que podemos prestar.',
    profileIncomplete: 'Faltaban algunos datos o respuestas que necesitamos.',
    detailsNotConfirmed: 'No pudimos confirmar algunos de sus datos.',
    income: 'Los pagos serían demasiado altos para los ingresos que nos indicó.',
    pastLoanWithUs: 'Un préstamo anterior con nosotros se pagó con atraso.',
    loansElsewhere: 'Está pagando otros préstamos, o va atrasado en ellos.',
    creditRecord: 'Lo que informa el buró de crédito sobre sus otros préstamos.',
    applyAgain: 'Podrá solicitar de nuevo a partir del {date}.',
    reviewAutomatic:
      'Esta decisión la tomaron automáticamente nuestras reglas de crédito. Puede pedir que una persona de nuestro equipo la revise, y preguntar qué información usamos: contacte a Atención al cliente.',
    reviewByPerson:
      'Una persona de nuestro equipo revisó su solicitud. Si cree que se pasó algo por alto, contacte a Atención al cliente y otra persona la revisará de nuevo.',
    askReview: 'Pedir una revisión',
  },
};
