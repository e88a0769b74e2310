import { z } from 'zod';

/**
 * The credit bureau (ADR 0071; docs/providers.md): asked once per application, with the borrower's consent,
 * for her credit report. The sandbox answers by rules on the subject's data; a real bureau's adapter is
 * another implementation of this interface, chosen by BUREAU_PROVIDER. The assessment's bureau step
 * (services/risk/bureau-step.ts) calls it with a deadline and turns any failure into 'unavailable' facts.
 */

/** Who is asked about: what Philippine bureaus match a person on (name, birthday, an ID number, the mobile). */
export interface BureauSubject {
  /** Our reference of the inquiry (its id): the bureau keeps it, and a dispute names it. */
  reference: string;
  firstName: string;
  middleName: string;
  lastName: string;
  /** YYYY-MM-DD; null when the profile has none (a bureau refuses to match without it). */
  birthDate: string | null;
  /** E.164, +63… */
  mobile: string;
  /** The government ID number the borrower confirmed; null when none. */
  idNumber: string | null;
}

/** The consent the inquiry rests on: which text the borrower was shown and when she gave it. */
export interface BureauConsent {
  textVersion: number;
  givenAt: string;
}

/** The bureau's report, as the policy and the decision record read it. Amounts in centavos. */
export const BureauReport = z.object({
  /** The bureau's own reference of this report. */
  bureauReference: z.string().min(1).max(100),
  /** The bureau's score, 300 to 850 (the range Philippine bureaus use). */
  score: z.number().int().min(300).max(850),
  openLoans: z.number().int().min(0).max(999),
  /** The worst days past due among her accounts now open or closed in the last 24 months. */
  maxDaysPastDue: z.number().int().min(0).max(9999),
  accounts: z.object({
    open: z.number().int().min(0).max(999),
    closed: z.number().int().min(0).max(9999),
    /** Accounts past due now. */
    pastDue: z.number().int().min(0).max(999),
    /** What she owes on her open accounts, in centavos. */
    outstandingBalance: z.number().int().min(0),
  }),
  reportedAt: z.string().min(1).max(40),
});
export type BureauReport = z.infer<typeof BureauReport>;

/** The bureau answered: a report, or no record of the subject (a first borrower, often). */
export type BureauAnswer = { kind: 'report'; report: BureauReport } | { kind: 'noRecord' };

/**
 * Why an inquiry gave no answer: no answer in time, the bureau down (5xx, network, circuit open), our request
 * refused (a missing field, a wrong key), an answer we could not read; or, decided on our side, no consent
 * recorded (never asked), or an inquiry whose answer a crash lost (not asked twice).
 */
export const BUREAU_FAILURES = [
  'timeout',
  'unavailable',
  'badRequest',
  'malformedAnswer',
  'noConsent',
  'answerLost',
] as const;
export type BureauFailure = (typeof BUREAU_FAILURES)[number];

export class BureauError extends Error {
  constructor(
    readonly failure: Exclude<BureauFailure, 'noConsent' | 'answerLost'>,
    message: string,
  ) {
    super(message);
    this.name = 'BureauError';
  }
}

export interface BureauInquiryOptions {
  /** Aborted when the step's deadline passes: the provider stops waiting and throws BureauError('timeout'). */
  signal: AbortSignal;
}

export interface BureauProvider {
  readonly name: string;
  /**
   * Asks for the subject's report. Resolves with an answer; rejects with BureauError for every failure.
   * The consent is required by the type: no code path asks a bureau without one.
   */
  inquire(
    subject: BureauSubject,
    consent: BureauConsent,
    options: BureauInquiryOptions,
  ): Promise<BureauAnswer>;
}

/** What is kept with the decision (credit_decisions) and shown to the reviewer: the inquiry and its answer. */
export interface BureauRecord {
  inquiryId: string;
  provider: string;
  status: 'ok' | 'noRecord' | 'unavailable';
  requestedAt: string;
  answeredAt: string | null;
  report: BureauReport | null;
  error: BureauFailure | null;
}
