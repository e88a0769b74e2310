import type { DisclosureStatement } from './disclosure.ts';
import { fillTemplate, type Language } from './languages.ts';
import { formatPeso } from './money.ts';
import { type ChannelId, COLLECTION_CHANNELS, channelName } from './repayment.ts';

/**
 * The Disclosure Statement as the borrower reads it, section by section, every amount in pesos and every
 * term in words, in en, fil and es. Written once: the signing screens show these rows and the signed
 * agreement PDF prints them.
 */

const en = {
  statementTitle: 'Disclosure Statement',
  loanSection: 'Your loan',
  principal: 'Amount borrowed (principal)',
  interest: 'Interest',
  processingFee: 'Processing fee (deducted from the amount sent)',
  couponApplied: 'Coupon {amount} applied',
  financeCharges: 'Total finance charges',
  netProceeds: 'Amount you receive (net proceeds)',
  totalPayable: 'Total to repay',
  tenure: 'Term',
  tenureDays: '{days} days',
  ratesSection: 'Interest rates',
  nominalRate: 'Nominal interest rate',
  effectiveMonthly: 'Effective interest rate, monthly',
  effectiveYearly: 'Effective interest rate, yearly',
  ratePerMonth: '{rate}% a month',
  ratePerYear: '{rate}% a year',
  ratesNote: 'The effective rate includes the processing fee and is worked out on the amount you receive.',
  scheduleSection: 'Payment schedule',
  paymentNumber: 'Payment {number}',
  paymentSplit: 'Principal {principal} + interest {interest}',
  scheduleNote:
    'Due dates count from the day the money is sent: if it is sent on a later day, each date moves by as many days.',
  latePaymentSection: 'Late payment, prepayment and extension',
  penalty: 'Late payment penalty',
  penaltyTerms: '{rate}% a day on the overdue amount only',
  chargesCap: 'Cap on all charges',
  chargesCapTerms:
    'Interest, fees and penalties together never exceed {cap} (100% of the principal); charges stop at the cap.',
  chargesCapInForce:
    'Under {circulars}, in force for loans made from {from}: nominal interest at most {nominal}% a month, effective rate at most {effective}% a month, late penalty at most {penalty}% a month. Interest, fees and penalties together never exceed {cap} ({total}% of the principal); charges stop at the cap.',
  prepayment: 'Paying early',
  prepaymentTerms: 'Allowed at any time, with no prepayment penalty.',
  extension: 'Extension',
  extensionTerms: '{days} more days for a fee of {rate}% of the principal still owed.',
  repaymentChannels: 'How to repay',
  repaymentChannelsTerms:
    'In the app under Repay: bank transfer, e-wallet or over the counter, with the reference shown there.',
  repaymentChannelsWhere: 'In the app under Repay, with the reference or account shown there.',
  repaymentChannelsNone: 'No channel is open right now; the app shows them under Repay when they open.',
  channelsEwallet: 'E-wallet',
  channelsCounter: 'Over the counter',
  channelsBank: 'Bank',
  lenderSection: 'Lender and complaints',
  lenderName: 'Lender',
  secNumber: 'SEC registration no.',
  caNumber: 'Certificate of Authority no.',
  address: 'Address',
  complaints: 'Complaints',
  coolingOff: 'Cancelling (cooling-off)',
  coolingOffTerms:
    'Within {days} days of the day the money is sent, you may cancel this loan by paying back {net}, the amount you received. No interest and no fee are charged.',
  coolingOffNone: 'This loan has no cooling-off period.',
  channelsAccountNumber: 'Transfer to the account number shown in the app',
  creditReporting: 'Credit reporting',
  creditReportingTerms:
    'Every month we report this loan, your payments and the details that identify you to the Credit Information Corporation (CIC), as Republic Act No. 9510 requires. Paying on time or late becomes part of your credit history.',
};

export type DisclosureTextKey = keyof typeof en;

export const DISCLOSURE_TEXT: Record<Language, Record<DisclosureTextKey, string>> = {
  en,
  fil: {
    statementTitle: 'Disclosure Statement',
    loanSection: 'Ang iyong loan',
    principal: 'Halagang hiniram (principal)',
    interest: 'Interes',
    processingFee: 'Processing fee (ibabawas sa ipapadalang halaga)',
    couponApplied: 'Nagamit ang {amount} na coupon',
    financeCharges: 'Kabuuang finance charges',
    netProceeds: 'Halagang matatanggap mo (net proceeds)',
    totalPayable: 'Kabuuang babayaran',
    tenure: 'Termino',
    tenureDays: '{days} araw',
    ratesSection: 'Mga interest rate',
    nominalRate: 'Nominal interest rate',
    effectiveMonthly: 'Effective interest rate, buwanan',
    effectiveYearly: 'Effective interest rate, taunan',
    ratePerMonth: '{rate}% bawat buwan',
    ratePerYear: '{rate}% bawat taon',
    ratesNote: 'Kasama sa effective rate ang processing fee at kinuwenta ito sa halagang matatanggap mo.',
    scheduleSection: 'Iskedyul ng pagbabayad',
    paymentNumber: 'Bayad {number}',
    paymentSplit: 'Principal {principal} + interes {interest}',
    scheduleNote:
      'Binibilang ang mga takdang petsa mula sa araw na maipadala ang pera: kung maipadala ito sa ibang araw, uurong ang bawat petsa nang ganoon ding bilang ng araw.',
    latePaymentSection: 'Huling bayad, maagang bayad at extension',
    penalty: 'Multa sa huling bayad',
    penaltyTerms: '{rate}% bawat araw sa halagang overdue lamang',
    chargesCap: 'Hangganan ng lahat ng singil',
    chargesCapTerms:
      'Ang interes, fees at multa ay hindi kailanman lalampas sa {cap} (100% ng principal); hihinto ang singil sa hangganan.',
    chargesCapInForce:
      'Ayon sa {circulars}, na umiiral sa mga loan mula {from}: nominal interest na hindi hihigit sa {nominal}% bawat buwan, effective rate na hindi hihigit sa {effective}% bawat buwan, multa sa huling bayad na hindi hihigit sa {penalty}% bawat buwan. Ang interes, fees at multa ay hindi kailanman lalampas sa {cap} ({total}% ng principal); hihinto ang singil sa hangganan.',
    prepayment: 'Maagang pagbabayad',
    prepaymentTerms: 'Pinapayagan anumang oras, walang multa.',
    extension: 'Extension',
    extensionTerms: '{days} pang araw sa bayad na {rate}% ng natitirang principal.',
    repaymentChannels: 'Paano magbayad',
    repaymentChannelsTerms:
      'Sa app, sa Repay: bank transfer, e-wallet o over the counter, gamit ang reference na nakalagay doon.',
    repaymentChannelsWhere: 'Sa app, sa Repay, gamit ang reference o account na nakalagay doon.',
    repaymentChannelsNone:
      'Walang bukas na paraan ng pagbabayad ngayon; makikita ang mga ito sa Repay sa app kapag bukas na.',
    channelsEwallet: 'E-wallet',
    channelsCounter: 'Sa counter',
    channelsBank: 'Bangko',
    lenderSection: 'Nagpapautang at reklamo',
    lenderName: 'Nagpapautang',
    secNumber: 'SEC registration no.',
    caNumber: 'Certificate of Authority no.',
    address: 'Address',
    complaints: 'Mga reklamo',
    coolingOff: 'Pagkansela (cooling-off)',
    coolingOffTerms:
      'Sa loob ng {days} araw mula sa araw na maipadala ang pera, puwede mong kanselahin ang pautang na ito sa pagbabalik ng {net}, ang halagang natanggap mo. Walang interes at walang bayarin.',
    coolingOffNone: 'Walang cooling-off period ang pautang na ito.',
    channelsAccountNumber: 'Transfer sa account number na nasa app',
    creditReporting: 'Pag-uulat ng credit',
    creditReportingTerms:
      'Buwan-buwan, iniuulat namin ang loan na ito, ang iyong mga bayad at ang mga detalyeng nagpapakilala sa iyo sa Credit Information Corporation (CIC), ayon sa Republic Act No. 9510. Ang pagbabayad sa oras o late ay nagiging bahagi ng iyong credit history.',
  },
  es: {
    statementTitle: 'Declaración de divulgación',
    loanSection: 'Su préstamo',
    principal: 'Importe prestado (capital)',
    interest: 'Intereses',
    processingFee: 'Comisión de tramitación (se descuenta del importe enviado)',
    couponApplied: 'Cupón de {amount} aplicado',
    financeCharges: 'Total de cargos financieros',
    netProceeds: 'Importe que recibe (neto)',
    totalPayable: 'Total a pagar',
    tenure: 'Plazo',
    tenureDays: '{days} días',
    ratesSection: 'Tasas de interés',
    nominalRate: 'Tasa de interés nominal',
    effectiveMonthly: 'Tasa de interés efectiva, mensual',
    effectiveYearly: 'Tasa de interés efectiva, anual',
    ratePerMonth: '{rate}% al mes',
    ratePerYear: '{rate}% al año',
    ratesNote:
      'La tasa efectiva incluye la comisión de tramitación y se calcula sobre el importe que recibe.',
    scheduleSection: 'Calendario de pagos',
    paymentNumber: 'Pago {number}',
    paymentSplit: 'Capital {principal} + intereses {interest}',
    scheduleNote:
      'Las fechas de vencimiento se cuentan desde el día en que se envía el dinero: si se envía otro día, cada fecha se mueve los mismos días.',
    latePaymentSection: 'Pago tardío, pago anticipado y prórroga',
    penalty: 'Penalización por pago tardío',
    penaltyTerms: '{rate}% al día solo sobre el importe vencido',
    chargesCap: 'Límite de todos los cargos',
    chargesCapTerms:
      'Intereses, comisiones y penalizaciones juntos nunca superan {cap} (100% del capital); los cargos se detienen en el límite.',
    chargesCapInForce:
      'Según {circulars}, vigente para préstamos concedidos desde el {from}: interés nominal de hasta el {nominal}% al mes, tasa efectiva de hasta el {effective}% al mes, penalización por pago tardío de hasta el {penalty}% al mes. Intereses, comisiones y penalizaciones juntos nunca superan {cap} ({total}% del capital); los cargos se detienen en el límite.',
    prepayment: 'Pago anticipado',
    prepaymentTerms: 'Permitido en cualquier momento, sin penalización.',
    extension: 'Prórroga',
    extensionTerms: '{days} días más por una comisión del {rate}% del capital pendiente.',
    repaymentChannels: 'Cómo pagar',
    repaymentChannelsTerms:
      'En la app, en Pagar: transferencia bancaria, billetera electrónica o en ventanilla, con la referencia indicada allí.',
    repaymentChannelsWhere: 'En la app, en Pagar, con la referencia o la cuenta indicada allí.',
    repaymentChannelsNone: 'Ahora no hay ningún canal abierto; la app los muestra en Pagar cuando abren.',
    channelsEwallet: 'Billetera electrónica',
    channelsCounter: 'En ventanilla',
    channelsBank: 'Banco',
    lenderSection: 'Prestamista y reclamaciones',
    lenderName: 'Prestamista',
    secNumber: 'N.º de registro SEC',
    caNumber: 'N.º de Certificado de Autoridad',
    address: 'Dirección',
    complaints: 'Reclamaciones',
    coolingOff: 'Desistimiento (cancelación)',
    coolingOffTerms:
      'Dentro de los {days} días siguientes al día en que se envía el dinero, puede cancelar este préstamo devolviendo {net}, el importe que recibió. No se cobran intereses ni comisiones.',
    coolingOffNone: 'Este préstamo no tiene periodo de desistimiento.',
    channelsAccountNumber: 'Transferencia al número de cuenta indicado en la app',
    creditReporting: 'Información crediticia',
    creditReportingTerms:
      'Cada mes informamos este préstamo, sus pagos y los datos que le identifican a la Credit Information Corporation (CIC), como exige la Ley de la República n.º 9510. Pagar a tiempo o con retraso pasa a formar parte de su historial crediticio.',
  },
};

export interface DisclosureRow {
  label: string;
  value: string;
  /** A second line under the value (the split of a payment). */
  note?: string;
  /** The figures the borrower decides on: shown larger. */
  main?: boolean;
  /**
   * A term in words (the penalty, the cap, the channels, the address), not a figure: read as a paragraph
   * under its label, never squeezed into a right-hand column.
   */
  prose?: boolean;
}

export interface DisclosureSection {
  title: string;
  rows: DisclosureRow[];
  /** A sentence under the rows. */
  note?: string;
}

/** One label of the statement in a language, with its `{placeholders}` filled. */
export function disclosureLabel(
  language: Language,
  key: DisclosureTextKey,
  values?: Record<string, string | number>,
): string {
  return fillTemplate(DISCLOSURE_TEXT[language][key], values);
}

/** The statement's sections; `formatDate` writes a due date (ISO, Manila) the way the reader's screen or page does. */
export function disclosureSections(
  statement: DisclosureStatement,
  language: Language,
  formatDate: (isoDate: string) => string,
): DisclosureSection[] {
  const t = (key: DisclosureTextKey, values?: Record<string, string | number>) =>
    disclosureLabel(language, key, values);
  const { financeCharges, lender } = statement;
  return [
    {
      title: t('loanSection'),
      rows: [
        { label: t('principal'), value: formatPeso(statement.principal), main: true },
        { label: t('interest'), value: formatPeso(financeCharges.interest) },
        // The fee as the product prices it, then the coupon taken off it.
        {
          label: t('processingFee'),
          value: formatPeso(financeCharges.processingFee + financeCharges.feeDiscount),
        },
        ...(financeCharges.feeDiscount > 0
          ? [
              {
                label: t('couponApplied', { amount: formatPeso(financeCharges.feeDiscount) }),
                value: `−${formatPeso(financeCharges.feeDiscount)}`,
              },
            ]
          : []),
        { label: t('financeCharges'), value: formatPeso(financeCharges.total) },
        { label: t('netProceeds'), value: formatPeso(statement.netProceeds), main: true },
        { label: t('totalPayable'), value: formatPeso(statement.totalPayable), main: true },
        { label: t('tenure'), value: t('tenureDays', { days: statement.tenureDays }) },
      ],
    },
    {
      title: t('scheduleSection'),
      rows: statement.schedule.map((line) => ({
        label: `${t('paymentNumber', { number: line.number })} · ${formatDate(line.dueDate)}`,
        value: formatPeso(line.total),
        note: t('paymentSplit', {
          principal: formatPeso(line.principal),
          interest: formatPeso(line.interest),
        }),
      })),
      note: t('scheduleNote'),
    },
    {
      title: t('ratesSection'),
      rows: [
        { label: t('nominalRate'), value: t('ratePerMonth', { rate: statement.nominalMonthlyRatePercent }) },
        {
          label: t('effectiveMonthly'),
          value: t('ratePerMonth', { rate: statement.effectiveMonthlyRatePercent }),
        },
        {
          label: t('effectiveYearly'),
          value: t('ratePerYear', { rate: statement.effectiveYearlyRatePercent }),
        },
      ],
      note: t('ratesNote'),
    },
    {
      title: t('latePaymentSection'),
      rows: [
        {
          label: t('penalty'),
          value: t('penaltyTerms', { rate: statement.penalty.dailyPercent }),
          prose: true,
        },
        { label: t('chargesCap'), value: capLine(statement, t, formatDate), prose: true },
        { label: t('prepayment'), value: t('prepaymentTerms'), prose: true },
        {
          label: t('extension'),
          value: t('extensionTerms', {
            days: statement.extension.days,
            rate: statement.extension.feePercentOfOutstandingPrincipal,
          }),
          prose: true,
        },
        ...coolingOffRows(statement, t),
      ],
    },
    repaymentChannelsSection(statement.repaymentChannels, language, t),
    {
      title: t('lenderSection'),
      rows: [
        { label: t('lenderName'), value: lender.corporateName, prose: true },
        { label: t('secNumber'), value: lender.secRegistrationNumber },
        { label: t('caNumber'), value: lender.certificateOfAuthorityNumber },
        { label: t('address'), value: lender.address, prose: true },
        {
          label: t('complaints'),
          value: `${lender.complaintsEmail} · ${keepTogether(lender.complaintsPhone)}`,
          prose: true,
        },
        // The borrower is told her data goes to the CIC (RA 9510; ADR 0083).
        { label: t('creditReporting'), value: t('creditReportingTerms'), prose: true },
      ],
    },
  ];
}

/**
 * The cap line: the caps in force on the loan's date with their circulars; a statement signed before the
 * line named them keeps the sentence it was signed with.
 */
function capLine(
  statement: DisclosureStatement,
  t: (key: DisclosureTextKey, values?: Record<string, string | number>) => string,
  formatDate: (isoDate: string) => string,
): string {
  const cap = formatPeso(statement.totalChargesCap);
  const caps = statement.caps;
  if (!caps) return t('chargesCapTerms', { cap });
  return t('chargesCapInForce', {
    circulars: caps.circulars.join(', '),
    from: formatDate(caps.effectiveFrom),
    nominal: caps.nominalMonthlyPercent,
    effective: caps.effectiveMonthlyPercent,
    penalty: caps.penaltyMonthlyPercent,
    cap,
    total: caps.totalChargesPercent,
  });
}

/** The cooling-off row of statements that state the period (version 2 on). */
function coolingOffRows(
  statement: DisclosureStatement,
  t: (key: DisclosureTextKey, values?: Record<string, string | number>) => string,
): DisclosureRow[] {
  if (!statement.coolingOff) return [];
  const { days } = statement.coolingOff;
  return [
    {
      label: t('coolingOff'),
      value:
        days > 0
          ? t('coolingOffTerms', { days, net: formatPeso(statement.netProceeds) })
          : t('coolingOffNone'),
      prose: true,
    },
  ];
}

/** No line break inside a name or a number ("M Lhuillier", "+63 2 8123 4567"): spaces become no-break spaces. */
export function keepTogether(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

const CHANNEL_GROUP_LABELS = {
  ewallet: 'channelsEwallet',
  counter: 'channelsCounter',
  bank: 'channelsBank',
} as const satisfies Record<string, DisclosureTextKey>;

const LIST_LOCALES: Record<Language, string> = { en: 'en', fil: 'fil', es: 'es' };

/**
 * A channel as the statement names it: the cashier's account-number variants (bank app, e-wallet, someone
 * else, PESONet) are one way to pay to the borrower, not four.
 */
function statementChannelName(id: ChannelId, language: Language): string {
  if (COLLECTION_CHANNELS[id].kind === 'virtualAccount')
    return disclosureLabel(language, 'channelsAccountNumber');
  return keepTogether(channelName(id, language));
}

/**
 * The brand's open channels, a row per group as the cashier groups them, each a plain list ("GCash, Maya
 * or GCash Bills Pay"); a statement signed before channels were listed keeps the sentence it was signed with.
 */
function repaymentChannelsSection(
  channels: readonly ChannelId[] | undefined,
  language: Language,
  t: (key: DisclosureTextKey, values?: Record<string, string | number>) => string,
): DisclosureSection {
  const title = t('repaymentChannels');
  if (!channels) return { title, rows: [], note: t('repaymentChannelsTerms') };
  if (channels.length === 0) return { title, rows: [], note: t('repaymentChannelsNone') };
  const list = new Intl.ListFormat(LIST_LOCALES[language], { type: 'disjunction' });
  const rows = Object.entries(CHANNEL_GROUP_LABELS).flatMap(([group, key]) => {
    const names = [
      ...new Set(
        channels
          .filter((id) => COLLECTION_CHANNELS[id].group === group)
          .map((id) => statementChannelName(id, language)),
      ),
    ];
    return names.length > 0 ? [{ label: t(key), value: list.format(names), prose: true }] : [];
  });
  return { title, rows, note: t('repaymentChannelsWhere') };
}
