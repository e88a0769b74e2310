import type { DisclosureStatement } from './disclosure.ts';
import type { Language } from './languages.ts';
import { formatLongDate } from './long-date.ts';
import { formatPeso } from './money.ts';

/**
 * The loan agreement the borrower signs (GUIDE section 5), in plain words, built from the Disclosure
 * Statement so every figure is the one the statement shows. Pure: the server hashes the English text with
 * the statement, the web app shows it, the PDF prints it.
 */

export interface AgreementSection {
  heading: string;
  paragraphs: string[];
}

export interface LoanAgreementText {
  title: string;
  sections: AgreementSection[];
}

interface Figures {
  lender: string;
  sec: string;
  authority: string;
  address: string;
  email: string;
  phone: string;
  borrower: string;
  principal: string;
  fee: string;
  net: string;
  interest: string;
  charges: string;
  total: string;
  tenure: number;
  nominal: string;
  effectiveMonthly: string;
  effectiveYearly: string;
  penalty: string;
  cap: string;
  extensionDays: number;
  extensionFee: string;
  schedule: string[];
  /** The statement lists the brand's channels (every statement made since they were listed). */
  channelsListed: boolean;
  /** Days the borrower may cancel in (statements of version 2 on with a period); null: nothing is said. */
  coolingOffDays: number | null;
}

type Writer = (f: Figures) => LoanAgreementText;

const WRITERS: Record<Language, Writer> = {
  en: (f) => ({
    title: 'Loan Agreement',
    sections: [
      {
        heading: '1. The parties',
        paragraphs: [
          `The lender is ${f.lender} (SEC registration ${f.sec}, Certificate of Authority ${f.authority}), ${f.address}.`,
          `The borrower is ${f.borrower}.`,
        ],
      },
      {
        heading: '2. The loan',
        paragraphs: [
          `The lender lends you ${f.principal}. A processing fee of ${f.fee} is deducted before sending, so you receive ${f.net}.`,
        ],
      },
      {
        heading: '3. Interest and repayment schedule',
        paragraphs: [
          `Interest is ${f.nominal}% a month on the outstanding principal, ${f.interest} in total over ${f.tenure} days. The effective interest rate is ${f.effectiveMonthly}% a month (${f.effectiveYearly}% a year).`,
          'You repay on these dates:',
          ...f.schedule,
        ],
      },
      {
        heading: '4. Total amount to pay',
        paragraphs: [
          `You pay ${f.total} in total. The finance charges (interest and processing fee) are ${f.charges}.`,
        ],
      },
      {
        heading: '5. Late payment',
        paragraphs: [
          `If you pay late, a penalty of ${f.penalty}% a day is charged on the overdue amount only, never on the whole loan.`,
          `All interest, fees and penalties together never go above ${f.cap}, the same as the principal (100%).`,
        ],
      },
      {
        heading: '6. Paying early or extending',
        paragraphs: [
          'You may repay all or part of the loan at any time without a penalty.',
          `You may ask to extend the due date by ${f.extensionDays} days for a fee of ${f.extensionFee}% of the principal still unpaid.`,
          ...(f.coolingOffDays
            ? [
                `Cooling-off: within ${f.coolingOffDays} days of the day the money is sent, you may cancel this loan by paying back the ${f.net} you received, with no interest and no fee.`,
              ]
            : []),
        ],
      },
      {
        heading: '7. How to pay',
        paragraphs: [
          f.channelsListed
            ? 'Pay only through the repayment channels listed in the Disclosure Statement and shown in the app.'
            : 'Pay only through the repayment channels shown in the app.',
          'We never ask you to pay into a personal account. If anyone asks you to, do not pay and tell us.',
        ],
      },
      {
        heading: '8. Your data',
        paragraphs: [
          'We use your data only as our privacy policy says, under the Data Privacy Act of 2012. Read it in the app.',
        ],
      },
      {
        heading: '9. Complaints',
        paragraphs: [
          `Contact the lender first: ${f.email} or ${f.phone}. If we do not resolve it, you may complain to the Securities and Exchange Commission (SEC).`,
        ],
      },
      {
        heading: '10. Electronic signature',
        paragraphs: [
          'By ticking the box and tapping to sign, you agree to this agreement and the Disclosure Statement, and you agree that this electronic signature binds you like a signature on paper (Electronic Commerce Act of 2000).',
        ],
      },
    ],
  }),
  fil: (f) => ({
    title: 'Kasunduan sa Pautang',
    sections: [
      {
        heading: '1. Ang mga partido',
        paragraphs: [
          `Ang nagpapautang ay ang ${f.lender} (SEC registration ${f.sec}, Certificate of Authority ${f.authority}), ${f.address}.`,
          `Ang umuutang ay si ${f.borrower}.`,
        ],
      },
      {
        heading: '2. Ang pautang',
        paragraphs: [
          `Pinapautang ka ng ${f.principal}. Ibinabawas muna ang processing fee na ${f.fee}, kaya ${f.net} ang matatanggap mo.`,
        ],
      },
      {
        heading: '3. Interes at iskedyul ng bayad',
        paragraphs: [
          `Ang interes ay ${f.nominal}% kada buwan sa natitirang principal, ${f.interest} lahat sa loob ng ${f.tenure} araw. Ang effective interest rate ay ${f.effectiveMonthly}% kada buwan (${f.effectiveYearly}% kada taon).`,
          'Magbabayad ka sa mga petsang ito:',
          ...f.schedule,
        ],
      },
      {
        heading: '4. Kabuuang babayaran',
        paragraphs: [
          `${f.total} ang kabuuan mong babayaran. Ang finance charges (interes at processing fee) ay ${f.charges}.`,
        ],
      },
      {
        heading: '5. Huling bayad',
        paragraphs: [
          `Kapag nahuli ka ng bayad, may multang ${f.penalty}% kada araw sa halagang lampas na sa takdang petsa lamang, hindi sa buong utang.`,
          `Ang lahat ng interes, bayarin at multa ay hindi kailanman lalampas sa ${f.cap}, kapareho ng principal (100%).`,
        ],
      },
      {
        heading: '6. Maagang pagbabayad o extension',
        paragraphs: [
          'Puwede mong bayaran ang buo o bahagi ng utang anumang oras nang walang multa.',
          `Puwede mong hilingin na iurong ang takdang petsa nang ${f.extensionDays} araw sa bayad na ${f.extensionFee}% ng principal na hindi pa nababayaran.`,
          ...(f.coolingOffDays
            ? [
                `Cooling-off: sa loob ng ${f.coolingOffDays} araw mula sa araw na maipadala ang pera, puwede mong kanselahin ang pautang na ito sa pagbabalik ng ${f.net} na natanggap mo, nang walang interes at walang bayarin.`,
              ]
            : []),
        ],
      },
      {
        heading: '7. Paano magbayad',
        paragraphs: [
          f.channelsListed
            ? 'Magbayad lamang sa mga paraan ng pagbabayad na nakalista sa Disclosure Statement at nasa app.'
            : 'Magbayad lamang sa mga paraan ng pagbabayad na nasa app.',
          'Hindi ka namin kailanman hihilinging magbayad sa personal na account. Kung may humiling nito, huwag magbayad at sabihin sa amin.',
        ],
      },
      {
        heading: '8. Ang iyong data',
        paragraphs: [
          'Ginagamit namin ang iyong data ayon lamang sa aming privacy policy, sa ilalim ng Data Privacy Act of 2012. Basahin ito sa app.',
        ],
      },
      {
        heading: '9. Mga reklamo',
        paragraphs: [
          `Kausapin muna ang nagpapautang: ${f.email} o ${f.phone}. Kung hindi namin ito maayos, puwede kang magreklamo sa Securities and Exchange Commission (SEC).`,
        ],
      },
      {
        heading: '10. Electronic na lagda',
        paragraphs: [
          'Sa pag-tick sa kahon at pag-tap para pumirma, sumasang-ayon ka sa kasunduang ito at sa Disclosure Statement, at pumapayag kang ang electronic na lagdang ito ay may bisa tulad ng lagda sa papel (Electronic Commerce Act of 2000).',
        ],
      },
    ],
  }),
  es: (f) => ({
    title: 'Contrato de préstamo',
    sections: [
      {
        heading: '1. Las partes',
        paragraphs: [
          `El prestamista es ${f.lender} (registro SEC ${f.sec}, Certificado de Autoridad ${f.authority}), ${f.address}.`,
          `El prestatario es ${f.borrower}.`,
        ],
      },
      {
        heading: '2. El préstamo',
        paragraphs: [
          `El prestamista le presta ${f.principal}. Se descuenta una comisión de apertura de ${f.fee} antes del envío, así que usted recibe ${f.net}.`,
        ],
      },
      {
        heading: '3. Intereses y calendario de pagos',
        paragraphs: [
          `El interés es del ${f.nominal}% mensual sobre el capital pendiente, ${f.interest} en total en ${f.tenure} días. La tasa de interés efectiva es del ${f.effectiveMonthly}% mensual (${f.effectiveYearly}% anual).`,
          'Usted paga en estas fechas:',
          ...f.schedule,
        ],
      },
      {
        heading: '4. Total a pagar',
        paragraphs: [
          `Usted paga ${f.total} en total. Los cargos financieros (intereses y comisión de apertura) son ${f.charges}.`,
        ],
      },
      {
        heading: '5. Pago atrasado',
        paragraphs: [
          `Si paga tarde, se cobra una penalización del ${f.penalty}% diario solo sobre el monto vencido, nunca sobre todo el préstamo.`,
          `Los intereses, comisiones y penalizaciones juntos nunca superan ${f.cap}, lo mismo que el capital (100%).`,
        ],
      },
      {
        heading: '6. Pago anticipado o prórroga',
        paragraphs: [
          'Puede pagar todo o parte del préstamo en cualquier momento sin penalización.',
          `Puede pedir aplazar la fecha de vencimiento ${f.extensionDays} días por una comisión del ${f.extensionFee}% del capital aún no pagado.`,
          ...(f.coolingOffDays
            ? [
                `Periodo de desistimiento: dentro de los ${f.coolingOffDays} días siguientes al envío del dinero, puede cancelar este préstamo devolviendo los ${f.net} que recibió, sin intereses ni comisiones.`,
              ]
            : []),
        ],
      },
      {
        heading: '7. Cómo pagar',
        paragraphs: [
          f.channelsListed
            ? 'Pague solo por los canales de pago indicados en la Declaración de divulgación y en la aplicación.'
            : 'Pague solo por los canales de pago que muestra la aplicación.',
          'Nunca le pedimos pagar en una cuenta personal. Si alguien se lo pide, no pague y avísenos.',
        ],
      },
      {
        heading: '8. Sus datos',
        paragraphs: [
          'Usamos sus datos solo como dice nuestra política de privacidad, según la Data Privacy Act of 2012. Léala en la aplicación.',
        ],
      },
      {
        heading: '9. Reclamaciones',
        paragraphs: [
          `Contacte primero al prestamista: ${f.email} o ${f.phone}. Si no lo resolvemos, puede reclamar ante la Securities and Exchange Commission (SEC).`,
        ],
      },
      {
        heading: '10. Firma electrónica',
        paragraphs: [
          'Al marcar la casilla y tocar para firmar, acepta este contrato y la Disclosure Statement, y acepta que esta firma electrónica le obliga como una firma en papel (Electronic Commerce Act of 2000).',
        ],
      },
    ],
  }),
};

const SCHEDULE_LINE: Record<Language, (n: number, date: string, amount: string) => string> = {
  en: (n, date, amount) => `Payment ${n}: ${amount} on ${date}`,
  fil: (n, date, amount) => `Bayad ${n}: ${amount} sa ${date}`,
  es: (n, date, amount) => `Pago ${n}: ${amount} el ${date}`,
};

/** How the fee reads when a coupon was taken off it. */
const AFTER_COUPON: Record<Language, (coupon: string) => string> = {
  en: (coupon) => `after a ${coupon} coupon`,
  fil: (coupon) => `bawas na ang ${coupon} na coupon`,
  es: (coupon) => `tras un cupón de ${coupon}`,
};

export function loanAgreementText(
  lang: Language,
  disclosure: DisclosureStatement,
  borrowerName: string,
): LoanAgreementText {
  const d = disclosure;
  return WRITERS[lang]({
    lender: d.lender.corporateName,
    sec: d.lender.secRegistrationNumber,
    authority: d.lender.certificateOfAuthorityNumber,
    address: d.lender.address,
    email: d.lender.complaintsEmail,
    phone: d.lender.complaintsPhone,
    borrower: borrowerName,
    principal: formatPeso(d.principal),
    fee:
      d.financeCharges.feeDiscount > 0
        ? `${formatPeso(d.financeCharges.processingFee)} (${AFTER_COUPON[lang](formatPeso(d.financeCharges.feeDiscount))})`
        : formatPeso(d.financeCharges.processingFee),
    net: formatPeso(d.netProceeds),
    interest: formatPeso(d.financeCharges.interest),
    charges: formatPeso(d.financeCharges.total),
    total: formatPeso(d.totalPayable),
    tenure: d.tenureDays,
    nominal: d.nominalMonthlyRatePercent,
    effectiveMonthly: d.effectiveMonthlyRatePercent,
    effectiveYearly: d.effectiveYearlyRatePercent,
    penalty: d.penalty.dailyPercent,
    cap: formatPeso(d.totalChargesCap),
    extensionDays: d.extension.days,
    extensionFee: d.extension.feePercentOfOutstandingPrincipal,
    // Version 1 wrote the ISO date; from version 2 the dates read as the statement writes them.
    schedule: d.schedule.map((line) =>
      SCHEDULE_LINE[lang](
        line.number,
        d.textVersion ? formatLongDate(line.dueDate, lang) : line.dueDate,
        formatPeso(line.total),
      ),
    ),
    channelsListed: d.repaymentChannels !== undefined,
    coolingOffDays: d.textVersion && d.coolingOff ? d.coolingOff.days : null,
  });
}
