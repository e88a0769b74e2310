import type { Language, Localized } from './languages.ts';
import { CENTAVOS_PER_PESO } from './money.ts';

/**
 * Repayment rules shared by the repayment screens and the server (issue "Repayment"; docs/api.md,
 * "Repayment"). No schema library here: the cashier and the amount form use these without zod.
 */

/** A payment code, account or checkout link is good for this long (SPEC section 9: 24 hours). */
export const INSTRUMENT_VALID_HOURS = 24;
/** How long crediting takes once paid, as every channel's page says (SPEC section 9). */
export const CREDITING_MINUTES = 15;
/**
 * The least a part payment may be: ₱500 (the spec's "minimum offline repayment 500"), or the whole
 * balance when less is due. A counter charges the same fee for any amount, so smaller parts cost the
 * borrower more than they save.
 */
export const MINIMUM_REPAYMENT = 500 * CENTAVOS_PER_PESO;

export function minimumRepayment(totalDue: number): number {
  return Math.min(MINIMUM_REPAYMENT, totalDue);
}

/**
 * A proof of payment (payment voucher) may claim at most what the loan still owes: a receipt for more is a
 * mistake or another loan's payment, and approving it would book money we never saw. A borrower who did pay
 * more is told to contact us (what is paid beyond the balance is returned). Null: the amount may be sent.
 */
export function proofAmountProblem(amount: number, totalDue: number): 'proofAboveBalance' | null {
  return amount > totalDue ? 'proofAboveBalance' : null;
}

export const INSTRUMENT_KINDS = ['checkout', 'reference', 'virtualAccount', 'bankTransfer'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

/**
 * The endpoints that create an instrument (SPEC section 7, provider names kept from the spec's paths) and
 * what each means here: every one is served by the one configured collections provider.
 */
export const INSTRUMENT_ENDPOINTS = [
  'gatewayRepay',
  'onlineBankingLink',
  'shareablePaymentLink',
  'counterReference',
  'billsPayReference',
  'bankTransferDetails',
  'dedicatedAccount',
  'paycoolsReservedAccount',
  'paysoVirtualAccount',
  'kxyPayVirtualAccount',
] as const;
export type InstrumentEndpoint = (typeof INSTRUMENT_ENDPOINTS)[number];

/** The screen that shows an instrument of a channel (the checkout channels open the provider's page). */
export type InstrumentScreen = 'repayStp' | 'repayBank' | 'repayPayso' | 'repayPaycools' | 'repayKxypay';

export interface CollectionChannel {
  kind: InstrumentKind;
  endpoint: InstrumentEndpoint;
  /** A brand name (GCash, 7-Eleven, InstaPay) is the same in every language; a generic one is translated. */
  name: string | Localized;
  /** One line on what the channel is for, where its name alone does not tell it from its neighbours. */
  about?: Localized;
  screen: InstrumentScreen | null;
  group: 'ewallet' | 'counter' | 'bank';
}

/**
 * Every channel, in the order the cashier lists them: e-wallets first (most Filipino borrowers pay from
 * GCash or Maya), then counters, then banks. All are Philippine; the spec's Mexican channels (STP, OXXO)
 * survive only as endpoint paths.
 */
export const COLLECTION_CHANNELS = {
  gcash: { kind: 'checkout', endpoint: 'gatewayRepay', name: 'GCash', screen: null, group: 'ewallet' },
  maya: { kind: 'checkout', endpoint: 'gatewayRepay', name: 'Maya', screen: null, group: 'ewallet' },
  gcash_bills: {
    kind: 'reference',
    endpoint: 'billsPayReference',
    name: 'GCash Bills Pay',
    screen: 'repayPayso',
    group: 'ewallet',
  },
  maya_bills: {
    kind: 'reference',
    endpoint: 'billsPayReference',
    name: 'Maya Bills Pay',
    screen: 'repayPayso',
    group: 'ewallet',
  },
  seven_eleven: {
    kind: 'reference',
    endpoint: 'counterReference',
    name: '7-Eleven',
    screen: 'repayPayso',
    group: 'counter',
  },
  mlhuillier: {
    kind: 'reference',
    endpoint: 'counterReference',
    name: 'M Lhuillier',
    screen: 'repayPayso',
    group: 'counter',
  },
  rd_pawnshop: {
    kind: 'reference',
    endpoint: 'counterReference',
    name: 'RD Pawnshop',
    screen: 'repayPayso',
    group: 'counter',
  },
  card: {
    kind: 'checkout',
    endpoint: 'gatewayRepay',
    name: {
      en: 'Debit / credit card',
      fil: 'Debit o credit card',
      es: 'Tarjeta de débito o crédito',
    },
    screen: null,
    group: 'bank',
  },
  online_banking: {
    kind: 'checkout',
    endpoint: 'onlineBankingLink',
    name: { en: 'Online banking', fil: 'Online banking ng bangko', es: 'Banca en línea' },
    screen: null,
    group: 'bank',
  },
  bank_transfer: {
    kind: 'bankTransfer',
    endpoint: 'bankTransferDetails',
    name: 'InstaPay / PESONet',
    screen: 'repayStp',
    group: 'bank',
  },
  virtual_account: {
    kind: 'virtualAccount',
    endpoint: 'dedicatedAccount',
    name: {
      en: 'Account number: bank app',
      fil: 'Account number: app ng bangko',
      es: 'Número de cuenta: app del banco',
    },
    about: {
      en: 'Send from your bank’s app or online banking.',
      fil: 'Magpadala mula sa app o online banking ng bangko mo.',
      es: 'Envíe desde la app o la banca en línea de su banco.',
    },
    screen: 'repayBank',
    group: 'bank',
  },
  paycools_va: {
    kind: 'virtualAccount',
    endpoint: 'paycoolsReservedAccount',
    name: {
      en: 'Account number: e-wallet',
      fil: 'Account number: e-wallet',
      es: 'Número de cuenta: monedero electrónico',
    },
    about: {
      en: 'Send from GCash, Maya or another e-wallet by InstaPay.',
      fil: 'Magpadala mula sa GCash, Maya o ibang e-wallet sa InstaPay.',
      es: 'Envíe desde GCash, Maya u otro monedero por InstaPay.',
    },
    screen: 'repayPaycools',
    group: 'bank',
  },
  payso_va: {
    kind: 'virtualAccount',
    endpoint: 'paysoVirtualAccount',
    name: {
      en: 'Account number: someone pays for you',
      fil: 'Account number: iba ang magbabayad',
      es: 'Número de cuenta: paga otra persona',
    },
    about: {
      en: 'Give it to a relative or friend to send from their bank or e-wallet.',
      fil: 'Ibigay sa kamag-anak o kaibigan para sila ang magpadala mula sa bangko o e-wallet nila.',
      es: 'Déselo a un familiar o amigo para que envíe desde su banco o monedero.',
    },
    screen: 'repayPayso',
    group: 'bank',
  },
  kxypay_va: {
    kind: 'virtualAccount',
    endpoint: 'kxyPayVirtualAccount',
    name: { en: 'Account number: PESONet', fil: 'Account number: PESONet', es: 'Número de cuenta: PESONet' },
    about: {
      en: 'For a bank without InstaPay: send by PESONet (it arrives within the banking day).',
      fil: 'Para sa bangkong walang InstaPay: magpadala sa PESONet (darating sa loob ng banking day).',
      es: 'Para un banco sin InstaPay: envíe por PESONet (llega dentro del día hábil).',
    },
    screen: 'repayKxypay',
    group: 'bank',
  },
  payment_link: {
    kind: 'checkout',
    endpoint: 'shareablePaymentLink',
    name: { en: 'Payment link', fil: 'Link ng bayad', es: 'Enlace de pago' },
    screen: null,
    group: 'bank',
  },
} as const satisfies Record<string, CollectionChannel>;

export type ChannelId = keyof typeof COLLECTION_CHANNELS;
export const CHANNEL_IDS = Object.keys(COLLECTION_CHANNELS) as [ChannelId, ...ChannelId[]];

export function isChannelId(value: string): value is ChannelId {
  return Object.hasOwn(COLLECTION_CHANNELS, value);
}

/** The channel's name in the borrower's language (brand names stay as they are). */
export function channelName(channel: ChannelId, language: Language): string {
  const { name } = COLLECTION_CHANNELS[channel] as CollectionChannel;
  return typeof name === 'string' ? name : name[language];
}

/** What the channel is for, in one line, when its name alone does not say it. */
export function channelAbout(channel: ChannelId, language: Language): string | null {
  return (COLLECTION_CHANNELS[channel] as CollectionChannel).about?.[language] ?? null;
}

/** The channels an endpoint serves. */
export function channelsOf(endpoint: InstrumentEndpoint): ChannelId[] {
  return CHANNEL_IDS.filter((id) => COLLECTION_CHANNELS[id].endpoint === endpoint);
}

export type AmountProblem = 'notInteger' | 'belowMinimum' | 'aboveDue';

/**
 * A typed repayment amount in pesos (SPEC section 5): a whole number of pesos, at least the minimum, at
 * most what is due. Returns the amount in centavos, or what is wrong with it.
 */
export function checkRepaymentAmount(
  typed: string,
  totalDue: number,
): { ok: true; amount: number } | { ok: false; problem: AmountProblem } {
  const text = typed.trim().replace(/,/g, '');
  if (!/^\d{1,9}$/.test(text)) return { ok: false, problem: 'notInteger' };
  return checkRepaymentCentavos(Number(text) * CENTAVOS_PER_PESO, totalDue);
}

/** The same rule on an amount already in centavos (what the API receives). */
export function checkRepaymentCentavos(
  amount: number,
  totalDue: number,
): { ok: true; amount: number } | { ok: false; problem: AmountProblem } {
  // Whole pesos, except a balance with centavos may be paid off exactly.
  const wholePesos = Number.isSafeInteger(amount) && amount % CENTAVOS_PER_PESO === 0;
  if (!Number.isSafeInteger(amount) || (!wholePesos && amount !== totalDue))
    return { ok: false, problem: 'notInteger' };
  if (amount < minimumRepayment(totalDue)) return { ok: false, problem: 'belowMinimum' };
  if (amount > totalDue) return { ok: false, problem: 'aboveDue' };
  return { ok: true, amount };
}

/**
 * The cashier shows the channels that give an account or bank details to send to as one "Bank transfer"
 * choice, then asks how (issue #11; docs/decisions/0039). Each way in the borrower's words; `about` where the
 * channel itself has none.
 */
export const BANK_TRANSFER_CHOICE: Localized = {
  en: 'Bank transfer',
  fil: 'Bank transfer',
  es: 'Transferencia bancaria',
};

export const BANK_TRANSFER_WAYS = {
  bank_transfer: {
    way: { en: 'To our bank account', fil: 'Sa aming bank account', es: 'A nuestra cuenta bancaria' },
    about: {
      en: 'By InstaPay or PESONet, with the reference we give you.',
      fil: 'Sa InstaPay o PESONet, kasama ang reference na ibibigay namin.',
      es: 'Por InstaPay o PESONet, con la referencia que le damos.',
    },
  },
  virtual_account: {
    way: { en: 'From my bank’s app', fil: 'Mula sa app ng bangko ko', es: 'Desde la app de mi banco' },
  },
  paycools_va: {
    way: { en: 'From my e-wallet', fil: 'Mula sa e-wallet ko', es: 'Desde mi monedero electrónico' },
  },
  payso_va: {
    way: {
      en: 'Someone else pays for me',
      fil: 'Iba ang magbabayad para sa akin',
      es: 'Otra persona paga por mí',
    },
  },
  kxypay_va: {
    way: { en: 'By PESONet', fil: 'Sa PESONet', es: 'Por PESONet' },
  },
} as const satisfies Partial<Record<ChannelId, { way: Localized; about?: Localized }>>;

export type BankTransferWay = keyof typeof BANK_TRANSFER_WAYS;

export function isBankTransferWay(channel: ChannelId): channel is BankTransferWay {
  return Object.hasOwn(BANK_TRANSFER_WAYS, channel);
}

/** A way to send a bank transfer, and one line on it, in the borrower's language. */
export function bankTransferWay(
  channel: BankTransferWay,
  language: Language,
): { way: string; about: string | null } {
  const entry: { way: Localized; about?: Localized } = BANK_TRANSFER_WAYS[channel];
  return { way: entry.way[language], about: entry.about?.[language] ?? channelAbout(channel, language) };
}
