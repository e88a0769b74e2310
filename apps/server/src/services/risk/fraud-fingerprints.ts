import { createHmac } from 'node:crypto';
import { ID_TYPES } from '@hiram/contract/options';

/**
 * What two accounts may share, as keyed fingerprints (ADR 0070): the HMAC-SHA256 of a normalised value, so
 * the fraud tables can be searched by equality without holding an ID number, account number or device id.
 * The key is derived from CODE_SECRET (the same on every server process); a new CODE_SECRET starts the
 * fingerprints again, as each account is fingerprinted anew when it next applies or signs in.
 */
export const FINGERPRINT_KINDS = ['idNumber', 'taxNumber', 'payoutAccount', 'device', 'address'] as const;
export type FingerprintKind = (typeof FINGERPRINT_KINDS)[number];

/** The ID types whose number is a TIN or an SSS number: those are matched as tax numbers. */
const TAX_NUMBER_TYPES = new Set(['TIN', 'SSS']);

/** A device id longer than this is not one a phone gives; its first characters are enough. */
export const DEVICE_ID_MAX_LENGTH = 128;

export interface Fingerprinted {
  kind: FingerprintKind;
  fingerprint: string;
}

/** Letters and digits only, upper case: "1234-5678 9012" and "123456789012" are one number. */
function alphanumeric(text: string): string {
  return text.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/**
 * An ID card's number as matched: the card type's name and the number's letters and digits. A TIN keeps its
 * first nine digits (the branch code after them, often 000, is left off or not as people please).
 */
export function idNumberValue(
  cardType: number | null | undefined,
  number: string | null | undefined,
): { kind: 'idNumber' | 'taxNumber'; value: string } | null {
  if (typeof cardType !== 'number' || typeof number !== 'string') return null;
  const type = ID_TYPES[cardType]?.value;
  let digits = alphanumeric(number);
  if (!type || digits.length < 4) return null;
  if (type === 'TIN') digits = digits.slice(0, 9);
  return { kind: TAX_NUMBER_TYPES.has(type) ? 'taxNumber' : 'idNumber', value: `${type}:${digits}` };
}

/**
 * A TIN, SSS or GSIS number typed beside the photo ID (ADR 0083): matched as a tax number, the same value a card
 * of that type gives (`TIN:` and its first nine digits), so a number typed here and one on another account's
 * card are one.
 */
export function identificationValue(
  type: 'TIN' | 'SSS' | 'GSIS',
  number: string,
): { kind: 'taxNumber'; value: string } | null {
  let digits = alphanumeric(number);
  if (digits.length < 4) return null;
  if (type === 'TIN') digits = digits.slice(0, 9);
  return { kind: 'taxNumber', value: `${type}:${digits}` };
}

/** A receiving account: the bank or wallet and its number. */
export function payoutAccountValue(bankCode: string, accountNumber: string): string {
  return `${bankCode}:${alphanumeric(accountNumber)}`;
}

/** The app's device id as sent (deviceid header): trimmed; blank or absurd ids are none. */
export function deviceValue(deviceId: string | null | undefined): string | null {
  const trimmed = deviceId?.trim().slice(0, DEVICE_ID_MAX_LENGTH) ?? '';
  return trimmed.length >= 8 && /^[\x21-\x7e]+$/.test(trimmed) ? trimmed : null;
}

/**
 * A home address as matched: the city's code and the street address without case, accents, punctuation
 * or repeated spaces ("12 Rizal St., Brgy. Uno" and "12 rizal st brgy uno" are one address).
 */
export function addressValue(
  city: string | null | undefined,
  address: string | null | undefined,
): string | null {
  if (typeof city !== 'string' || typeof address !== 'string') return null;
  const street = address
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^0-9a-z]+/g, ' ')
    .trim();
  return street.length >= 2 ? `${city}:${street}` : null;
}

export class FraudFingerprints {
  private readonly key: Buffer;

  constructor(codeSecret: string) {
    // A key of its own, so a fingerprint can never be compared with an SMS code's hash.
    this.key = createHmac('sha256', codeSecret).update('hiram fraud fingerprints v1').digest();
  }

  of(kind: FingerprintKind, value: string): Fingerprinted {
    return { kind, fingerprint: createHmac('sha256', this.key).update(`${kind}\n${value}`).digest('hex') };
  }
}
