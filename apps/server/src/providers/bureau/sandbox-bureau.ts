import {
  type BureauAnswer,
  type BureauConsent,
  BureauError,
  type BureauInquiryOptions,
  type BureauProvider,
  BureauReport,
  type BureauSubject,
} from './bureau-provider.ts';

/**
 * The sandbox credit bureau (ADR 0071; docs/providers.md): answers like a bureau, by the last two digits of
 * the subject's mobile number, after `latencyMs`. Its answer goes through the same reading a real bureau's
 * does (a JSON body checked against BureauReport), so a malformed answer fails the way a real one would.
 *
 * | Mobile ends in | Answer                                                                   |
 * | -------------- | ------------------------------------------------------------------------ |
 * | 00             | no record of the subject                                                 |
 * | 01             | no answer for SLOW_ANSWER_MS (past any deadline): the step times out     |
 * | 02             | 503, the bureau is down                                                  |
 * | 03             | an answer without its score (malformed)                                  |
 * | 04             | the request refused (bad request); so is any subject without a birthday  |
 * | 10 to 19       | thin file: score 600, 1 open loan, never late                            |
 * | 20 to 29       | past due elsewhere: score 520, 3 open loans, 45 days past due            |
 * | 30 to 39       | many open loans: score 650, 6 open loans, never late                     |
 * | 40 to 49       | low score: score 480, 2 open loans, 15 days past due                     |
 * | anything else  | good record: score 620 + the two digits (625 to 719), 0 to 2 open loans  |
 */
export const SANDBOX_BUREAU_SUFFIXES = {
  noRecord: '00',
  slow: '01',
  unavailable: '02',
  malformed: '03',
  badRequest: '04',
} as const;
/** How long the slow case keeps the caller waiting when nothing aborts it. */
export const SLOW_ANSWER_MS = 120_000;
/** The most SANDBOX_DELAY_MS may make an answer wait: well inside the step's deadline. */
export const SANDBOX_BUREAU_MAX_LATENCY_MS = 2_000;

export interface SandboxBureauOptions {
  /** How long each answer takes (SANDBOX_DELAY_MS, capped): the assessment's wait is seen. */
  latencyMs: number;
  /** The clock the report's date comes from. */
  now: () => Date;
}

interface Profile {
  score: number;
  openLoans: number;
  maxDaysPastDue: number;
  pastDue: number;
}

/** The record the sandbox keeps of a subject whose mobile ends in `digits` (two digits, 05 to 99). */
export function sandboxProfile(digits: number): Profile {
  if (digits >= 10 && digits <= 19) return { score: 600, openLoans: 1, maxDaysPastDue: 0, pastDue: 0 };
  if (digits >= 20 && digits <= 29) return { score: 520, openLoans: 3, maxDaysPastDue: 45, pastDue: 1 };
  if (digits >= 30 && digits <= 39) return { score: 650, openLoans: 6, maxDaysPastDue: 0, pastDue: 0 };
  if (digits >= 40 && digits <= 49) return { score: 480, openLoans: 2, maxDaysPastDue: 15, pastDue: 1 };
  return { score: 620 + digits, openLoans: digits % 3, maxDaysPastDue: 0, pastDue: 0 };
}

export class SandboxBureau implements BureauProvider {
  readonly name = 'sandbox';
  /** The references of the inquiries it was asked, in order: a real bureau's inquiry log on the subject. */
  readonly inquiries: string[] = [];

  constructor(private readonly options: SandboxBureauOptions) {}

  async inquire(
    subject: BureauSubject,
    _consent: BureauConsent,
    { signal }: BureauInquiryOptions,
  ): Promise<BureauAnswer> {
    this.inquiries.push(subject.reference);
    const suffix = subject.mobile.slice(-2);
    await wait(suffix === SANDBOX_BUREAU_SUFFIXES.slow ? SLOW_ANSWER_MS : this.options.latencyMs, signal);
    const { status, body } = this.answer(subject, suffix);
    return readAnswer(status, body);
  }

  /** The bureau's wire answer: an HTTP status and a JSON body. */
  private answer(subject: BureauSubject, suffix: string): { status: number; body: string } {
    if (suffix === SANDBOX_BUREAU_SUFFIXES.unavailable) return { status: 503, body: 'Service Unavailable' };
    if (suffix === SANDBOX_BUREAU_SUFFIXES.badRequest || !subject.birthDate)
      return { status: 400, body: JSON.stringify({ error: 'birthDate is required to match a subject' }) };
    if (suffix === SANDBOX_BUREAU_SUFFIXES.noRecord)
      return { status: 404, body: JSON.stringify({ hit: false }) };
    const profile = sandboxProfile(Number(suffix));
    const report = {
      bureauReference: `SBX-${subject.reference}`,
      score: profile.score,
      openLoans: profile.openLoans,
      maxDaysPastDue: profile.maxDaysPastDue,
      accounts: {
        open: profile.openLoans,
        closed: 2,
        pastDue: profile.pastDue,
        outstandingBalance: profile.openLoans * 1_500_000,
      },
      reportedAt: this.options.now().toISOString(),
    };
    if (suffix === SANDBOX_BUREAU_SUFFIXES.malformed) {
      const { score: _lost, ...withoutScore } = report;
      return { status: 200, body: JSON.stringify({ hit: true, report: withoutScore }) };
    }
    return { status: 200, body: JSON.stringify({ hit: true, report }) };
  }
}

function readAnswer(status: number, body: string): BureauAnswer {
  if (status >= 500) throw new BureauError('unavailable', `the sandbox bureau answered ${status}`);
  if (status === 404) return { kind: 'noRecord' };
  if (status >= 400)
    throw new BureauError('badRequest', `the sandbox bureau refused the request (${status})`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new BureauError('malformedAnswer', 'the sandbox bureau answered something other than JSON');
  }
  const report = BureauReport.safeParse((parsed as { report?: unknown } | null)?.report);
  if (!report.success)
    throw new BureauError('malformedAnswer', 'the sandbox bureau answered an unreadable report');
  return { kind: 'report', report: report.data };
}

/** Waits `ms`, or until the signal aborts (then throws the timeout the caller's deadline means). */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new BureauError('timeout', 'the inquiry was given up'));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new BureauError('timeout', 'the sandbox bureau did not answer in time'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
