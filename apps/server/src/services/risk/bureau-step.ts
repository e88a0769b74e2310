import { randomUUID } from 'node:crypto';
import type { DecisionFacts } from '@hiram/contract/credit-policy';
import type { Language } from '@hiram/contract/languages';
import { parseBirthday } from '@hiram/contract/profile';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import {
  BureauError,
  type BureauFailure,
  type BureauProvider,
  type BureauRecord,
  BureauReport,
  type BureauSubject,
} from '../../providers/bureau/bureau-provider.ts';

/** The bureau's facts for the policy. */
export type BureauFacts = Pick<
  DecisionFacts,
  'bureauStatus' | 'bureauScore' | 'bureauOpenLoans' | 'bureauMaxDaysPastDue'
>;

export interface BureauInquiryInput {
  orderId: string;
  userId: string;
  at: Date;
}

/** The facts of an application whose policy does not ask the bureau. */
export const BUREAU_NOT_ASKED: BureauFacts = {
  bureauStatus: 'notAsked',
  bureauScore: 0,
  bureauOpenLoans: 0,
  bureauMaxDaysPastDue: 0,
};

/** How long the assessment waits for the bureau before deciding without it (the policy refers it). */
export const BUREAU_DEADLINE_MS = 15_000;

export interface BureauStepOptions {
  deadlineMs?: number;
  /** Told of each inquiry's outcome once it is stored (the metrics' hiram_bureau_inquiries_total). */
  count?: (outcome: { provider: string; status: BureauRecord['status']; error: string }) => void;
}

interface InquiryRow {
  inquiry_id: string;
  provider: string;
  status: 'pending' | 'ok' | 'noRecord' | 'unavailable';
  requested_at: Date | string;
  answered_at: Date | string | null;
  report: unknown;
  error: BureauFailure | null;
}

/**
 * The credit-bureau inquiry step of the assessment (ADR 0071), behind the BureauProvider interface like SMS
 * and payouts. Called only when the policy's askBureau is true. It never fails the assessment: no consent, a
 * timeout, an outage, a refused or unreadable answer all give `bureauStatus: 'unavailable'`, which the
 * policy's bureauUnavailable rule refers to a person. Once per application: the inquiry is stored
 * (bureau_inquiries) and a retried job reads it back instead of asking again. `report` is the BureauRecord
 * kept with the decision.
 */
export class BureauStep {
  private readonly deadlineMs: number;
  private readonly count: NonNullable<BureauStepOptions['count']>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly provider: BureauProvider,
    options: BureauStepOptions = {},
  ) {
    this.deadlineMs = options.deadlineMs ?? BUREAU_DEADLINE_MS;
    this.count = options.count ?? (() => {});
  }

  async inquire({
    orderId,
    userId,
    at,
  }: BureauInquiryInput): Promise<{ facts: BureauFacts; report: BureauRecord | null }> {
    const stored = await this.storedInquiry(orderId);
    if (stored) return answerOf(await this.settleLost(stored, orderId));

    const inquiryId = randomUUID();
    const consent = await this.consentOf(orderId, userId);
    if (!consent) {
      // Never asked without consent: recorded as an inquiry that could not be made, so the reviewer sees why.
      const row = await this.record(inquiryId, orderId, userId, at, {
        status: 'unavailable',
        error: 'noConsent',
      });
      if (row) this.counted(row);
      return answerOf(row ?? (await this.storedInquiry(orderId)));
    }
    // Claim the application's one inquiry before asking: a second run (a retry after a crash) finds it.
    const claimed = await this.db.query<{ inquiry_id: string }>(
      `insert into bureau_inquiries (inquiry_id, order_id, user_id, provider, status, requested_at)
       values ($1, $2, $3, $4, 'pending', $5) on conflict (order_id) do nothing returning inquiry_id`,
      [inquiryId, orderId, userId, this.provider.name, at.toISOString()],
    );
    if (claimed.length === 0) return answerOf(await this.storedInquiry(orderId));

    const subject = await this.subjectOf(inquiryId, userId);
    const outcome = await this.ask(subject, consent);
    const [row] = await this.db.query<InquiryRow>(
      `update bureau_inquiries set status = $2, answered_at = $3, report = $4, error = $5
       where inquiry_id = $1 and status = 'pending'
       returning inquiry_id, provider, status, requested_at, answered_at, report, error`,
      [
        inquiryId,
        outcome.status,
        this.clock.now().toISOString(),
        outcome.status === 'ok' ? JSON.stringify(outcome.report) : null,
        outcome.status === 'unavailable' ? outcome.error : null,
      ],
    );
    if (row) this.counted(row);
    return answerOf(row ?? (await this.storedInquiry(orderId)));
  }

  /**
   * Records the borrower's consent to the inquiry, given with her application (the Borrow screen's Apply):
   * the text version she was shown and its language. Her own open order only; the first consent stands.
   */
  async recordConsent(consent: {
    orderId: string;
    userId: string;
    textVersion: number;
    language: Language;
  }): Promise<void> {
    await this.db.query(
      `insert into bureau_consents (order_id, user_id, text_version, language, given_at)
       select order_id, user_id, $3, $4, $5 from loan_orders where order_id = $1 and user_id = $2
       on conflict (order_id) do nothing`,
      [
        consent.orderId,
        consent.userId,
        consent.textVersion,
        consent.language,
        this.clock.now().toISOString(),
      ],
    );
  }

  /** The provider's answer within the deadline; every failure is an outcome, never an exception. */
  private async ask(
    subject: BureauSubject | null,
    consent: { textVersion: number; givenAt: string },
  ): Promise<
    | { status: 'ok'; report: BureauReport }
    | { status: 'noRecord' }
    | { status: 'unavailable'; error: BureauFailure }
  > {
    if (!subject) return { status: 'unavailable', error: 'badRequest' };
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new BureauError('timeout', 'the bureau did not answer before the deadline'));
      }, this.deadlineMs);
    });
    try {
      const answer = await Promise.race([
        this.provider.inquire(subject, consent, { signal: controller.signal }),
        deadline,
      ]);
      if (answer.kind === 'noRecord') return { status: 'noRecord' };
      // What is stored and decided on is checked again here: an adapter's mistake is an unreadable answer.
      const report = BureauReport.safeParse(answer.report);
      return report.success
        ? { status: 'ok', report: report.data }
        : { status: 'unavailable', error: 'malformedAnswer' };
    } catch (error) {
      return { status: 'unavailable', error: error instanceof BureauError ? error.failure : 'unavailable' };
    } finally {
      clearTimeout(timer);
      // The losing side of the race must not be an unhandled rejection.
      deadline.catch(() => {});
    }
  }

  /**
   * A 'pending' inquiry found by a later run: the run that made it stopped before the answer was stored
   * (a crash, a restart). Asking again would put a second inquiry on her file, so it stays unanswered:
   * 'unavailable', answer lost, once the deadline has passed.
   */
  private async settleLost(row: InquiryRow, orderId: string): Promise<InquiryRow> {
    if (row.status !== 'pending') return row;
    const now = this.clock.now();
    if (now.getTime() - new Date(row.requested_at).getTime() < this.deadlineMs) return row;
    const [settled] = await this.db.query<InquiryRow>(
      `update bureau_inquiries set status = 'unavailable', error = 'answerLost', answered_at = $2
       where order_id = $1 and status = 'pending'
       returning inquiry_id, provider, status, requested_at, answered_at, report, error`,
      [orderId, now.toISOString()],
    );
    if (settled) this.counted(settled);
    return settled ?? (await this.storedInquiry(orderId)) ?? row;
  }

  private counted(row: InquiryRow): void {
    if (row.status === 'pending') return;
    this.count({ provider: row.provider, status: row.status, error: row.error ?? 'none' });
  }

  private async storedInquiry(orderId: string): Promise<InquiryRow | null> {
    const [row] = await this.db.query<InquiryRow>(
      `select inquiry_id, provider, status, requested_at, answered_at, report, error
       from bureau_inquiries where order_id = $1`,
      [orderId],
    );
    return row ?? null;
  }

  private async record(
    inquiryId: string,
    orderId: string,
    userId: string,
    at: Date,
    outcome: { status: 'unavailable'; error: BureauFailure },
  ): Promise<InquiryRow | null> {
    const [row] = await this.db.query<InquiryRow>(
      `insert into bureau_inquiries (inquiry_id, order_id, user_id, provider, status, requested_at, answered_at, error)
       values ($1, $2, $3, $4, $5, $6, $6, $7) on conflict (order_id) do nothing
       returning inquiry_id, provider, status, requested_at, answered_at, report, error`,
      [inquiryId, orderId, userId, this.provider.name, outcome.status, at.toISOString(), outcome.error],
    );
    return row ?? null;
  }

  private async consentOf(
    orderId: string,
    userId: string,
  ): Promise<{ textVersion: number; givenAt: string } | null> {
    const [row] = await this.db.query<{ text_version: number; given_at: Date | string }>(
      'select text_version, given_at from bureau_consents where order_id = $1 and user_id = $2',
      [orderId, userId],
    );
    return row ? { textVersion: row.text_version, givenAt: new Date(row.given_at).toISOString() } : null;
  }

  /** Who the bureau is asked about, from her profile, mobile and confirmed ID; null when she has no name. */
  private async subjectOf(reference: string, userId: string): Promise<BureauSubject | null> {
    const [row] = await this.db.query<{
      mobile: string;
      basic_info: Record<string, unknown> | null;
      confirmed: Record<string, unknown> | null;
    }>(
      `select u.mobile, p.basic_info, ic.confirmed from users u
       left join profiles p on p.user_id = u.user_id
       left join identity_checks ic on ic.user_id = u.user_id
       where u.user_id = $1`,
      [userId],
    );
    if (!row) return null;
    const info = row.basic_info ?? {};
    const firstName = text(info.firstName);
    const lastName = text(info.lastName);
    if (!firstName || !lastName) return null;
    const birthday = parseBirthday(text(info.inputBirthday));
    return {
      reference,
      firstName,
      middleName: text(info.middleName),
      lastName,
      birthDate: birthday ? `${birthday.year}-${pad(birthday.month)}-${pad(birthday.day)}` : null,
      mobile: row.mobile,
      idNumber: text(row.confirmed?.idNumber) || null,
    };
  }
}

/** The facts and the record of a stored inquiry. A pending one (under way elsewhere) decides nothing yet. */
function answerOf(row: InquiryRow | null): { facts: BureauFacts; report: BureauRecord | null } {
  if (!row) return { facts: { ...BUREAU_NOT_ASKED, bureauStatus: 'unavailable' }, report: null };
  const report = row.status === 'ok' ? BureauReport.safeParse(row.report) : null;
  const record: BureauRecord = {
    inquiryId: row.inquiry_id,
    provider: row.provider,
    status: row.status === 'pending' ? 'unavailable' : row.status,
    requestedAt: new Date(row.requested_at).toISOString(),
    answeredAt: row.answered_at ? new Date(row.answered_at).toISOString() : null,
    report: report?.success ? report.data : null,
    error: row.status === 'pending' ? 'answerLost' : row.error,
  };
  if (row.status === 'ok' && report?.success) {
    return {
      facts: {
        bureauStatus: 'ok',
        bureauScore: report.data.score,
        bureauOpenLoans: report.data.openLoans,
        bureauMaxDaysPastDue: report.data.maxDaysPastDue,
      },
      report: record,
    };
  }
  if (row.status === 'noRecord')
    return { facts: { ...BUREAU_NOT_ASKED, bureauStatus: 'noRecord' }, report: record };
  return { facts: { ...BUREAU_NOT_ASKED, bureauStatus: 'unavailable' }, report: record };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
