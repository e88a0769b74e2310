import {
  type CorrectableField,
  type MyPrivacyRequest,
  PRIVACY_DOWNLOADS_PER_DAY,
  PRIVACY_REQUESTS_PER_DAY,
} from '@hiram/contract/api/privacy';
import type { ErrorKey } from '@hiram/contract/errors';
import { fillTemplate, type Language, type Localized } from '@hiram/contract/languages';
import { formatLongDate } from '@hiram/contract/long-date';
import type { PrivacyRequestKind } from '@hiram/contract/ops/privacy';
import { strToU8, zipSync } from 'fflate';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import type { Clock } from '../../../domain/clock.ts';
import { manilaDay } from '../../../domain/servicing-rules.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { VerifyCodes } from '../../security/verify-codes.ts';
import type { Actor } from '../../staff/staff-records.ts';
import { archiveCsvFiles, gatherArchive } from './archive.ts';
import { answerPrivacyRequest, recordPrivacyRequest } from './requests.ts';

/**
 * A borrower's own data privacy requests from Me → Privacy (issue 23; ADR 0086): each is checked to be hers
 * by a `privacyRequest` SMS code sent to her own number, then recorded in the register (ADR 0082) as coming
 * from the app, due 30 working days after receipt. An access request is answered at once with the archive;
 * a correction or an erasure waits for the desk's written answer.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The answer recorded for an access request she answered herself by downloading. */
const DOWNLOADED_ANSWER: Localized = {
  en: 'You downloaded your data in the app on {day}: everything we hold about you, as JSON and as a CSV file per table.',
  fil: 'Na-download mo ang iyong datos sa app noong {day}: lahat ng hawak namin tungkol sa iyo, bilang JSON at CSV file bawat table.',
  es: 'Descargó sus datos en la app el {day}: todo lo que tenemos sobre usted, en JSON y en un archivo CSV por tabla.',
};

/** Who recorded it, for the register and the audit log: the borrower herself, within her brand. */
export interface AppRequester {
  userId: string;
  packageName: string;
  language: Language;
  clientAddress: string;
  userAgent: string | null;
}

export interface Correction {
  field: CorrectableField;
  whatIsWrong: string;
  shouldBe: string;
}

export interface ArchiveZip {
  fileName: string;
  zip: Buffer;
}

interface MyRequestRow {
  request_id: string;
  kind: PrivacyRequestKind;
  received_at: Date | string;
  due_on: Date | string;
  status: MyPrivacyRequest['status'];
  answer: string | null;
  answered_at: Date | string | null;
  field: CorrectableField | null;
}

const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value);
const day = (value: Date | string): string => iso(value).slice(0, 10);

function myRequestOf(row: MyRequestRow): MyPrivacyRequest {
  return {
    requestId: row.request_id,
    kind: row.kind,
    receivedAt: iso(row.received_at),
    dueOn: day(row.due_on),
    status: row.status,
    answer: row.answer,
    answeredAt: row.answered_at === null ? null : iso(row.answered_at),
    field: row.field,
  };
}

const MY_REQUESTS_SQL = `select r.request_id, r.kind, r.received_at, r.due_on, r.status, r.answer, r.answered_at,
    c.field
  from privacy_requests r left join privacy_correction_asks c on c.request_id = r.request_id`;

function actorOf(requester: AppRequester): Actor {
  return {
    staffId: null,
    email: null,
    brandScope: requester.packageName,
    clientAddress: requester.clientAddress,
    userAgent: requester.userAgent,
  };
}

/** A daily allowance spent: the catalogue's 429 with the hours to wait (a day's wait in seconds reads badly). */
function overAllowance(key: ErrorKey, max: number, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(key, {
    data: { retryAfterSeconds: seconds },
    values: { max, hours: Math.max(1, Math.ceil(seconds / 3600)) },
    headers: { 'retry-after': String(seconds) },
  });
}

export class BorrowerPrivacyRequests {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly codes: VerifyCodes,
  ) {}

  /** Her requests, newest first. */
  async list(userId: string): Promise<MyPrivacyRequest[]> {
    const rows = await this.db.query<MyRequestRow>(
      `${MY_REQUESTS_SQL} where r.user_id = $1 order by r.received_at desc, r.request_id`,
      [userId],
    );
    return rows.map(myRequestOf);
  }

  /**
   * Seconds until she may send one more request of these kinds from the app, or null now. Counted from the
   * register itself: it outlives any counter, and a day is longer than the rate-limit table keeps its rows.
   */
  private async waitForAllowance(
    tx: Queryable,
    userId: string,
    kinds: readonly PrivacyRequestKind[],
    perDay: number,
  ): Promise<number | null> {
    const now = this.clock.now();
    const rows = await tx.query<{ received_at: Date | string }>(
      `select received_at from privacy_requests
       where user_id = $1 and channel = 'app' and kind = any($2::text[]) and received_at > $3
       order by received_at`,
      [userId, kinds, new Date(now.getTime() - DAY_MS).toISOString()],
    );
    if (rows.length < perDay) return null;
    const oldest = new Date(iso((rows[0] as { received_at: Date | string }).received_at));
    return (oldest.getTime() + DAY_MS - now.getTime()) / 1000;
  }

  /**
   * Runs a request in one transaction with her row locked (two requests sent at once are counted one after
   * the other). Her code is checked inside it, after the refusals that need none; a wrong code is counted
   * even though the call fails, so refusals are returned (and the transaction commits), then thrown.
   */
  private async asHer<T>(
    requester: AppRequester,
    work: (tx: Queryable, mobile: string) => Promise<T | AppError>,
  ): Promise<T> {
    const outcome = await this.db.transaction(async (tx) => {
      const [user] = await tx.query<{ mobile: string }>(
        'select mobile from users where user_id = $1 for update',
        [requester.userId],
      );
      if (!user) return new AppError('NOT_FOUND');
      return work(tx, user.mobile);
    });
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  }

  private async consume(tx: Queryable, mobile: string, code: string): Promise<AppError | null> {
    const verdict = await this.codes.consume(tx, mobile, 'privacyRequest', code);
    return verdict.accepted ? null : new AppError(verdict.error);
  }

  /**
   * "Download my data": the access request recorded and answered at once, with the archive as a ZIP of
   * `data.json` and a CSV per table, and the audit row of its taking (row counts only, as the desk's).
   */
  async download(requester: AppRequester, code: string): Promise<ArchiveZip> {
    return this.asHer(requester, async (tx, mobile) => {
      const wait = await this.waitForAllowance(tx, requester.userId, ['access'], PRIVACY_DOWNLOADS_PER_DAY);
      if (wait !== null) return overAllowance('PRIVACY_DOWNLOADS_TODAY', PRIVACY_DOWNLOADS_PER_DAY, wait);
      const refused = await this.consume(tx, mobile, code);
      if (refused) return refused;
      const now = this.clock.now();
      const actor = actorOf(requester);
      const recorded = await recordPrivacyRequest(tx, {
        userId: requester.userId,
        kind: 'access',
        channel: 'app',
        actor,
        now,
      });
      if (!recorded.ok) return new AppError('NOT_FOUND');
      const archive = await gatherArchive(tx, requester.userId, now);
      await recordAudit(tx, {
        at: now,
        actorId: null,
        actorEmail: null,
        action: 'privacy.archive.download',
        target: `borrower:${requester.userId}`,
        brandScope: requester.packageName,
        after: {
          requestId: recorded.request.requestId,
          channel: 'app',
          rows: Object.fromEntries(
            Object.entries(archive.tables).map(([table, rows]) => [table, rows.length]),
          ),
        },
        clientAddress: requester.clientAddress,
        userAgent: requester.userAgent,
      });
      const today = manilaDay(now);
      const answered = await answerPrivacyRequest(tx, {
        requestId: recorded.request.requestId,
        status: 'answered',
        answer: fillTemplate(DOWNLOADED_ANSWER[requester.language], {
          day: formatLongDate(today, requester.language),
        }),
        actor,
        now,
      });
      // Recorded open a moment ago in this transaction: nothing else can have answered it.
      if (!answered.ok) throw new Error(`privacy access request not answered: ${answered.reason}`);
      const files: Record<string, Uint8Array> = {
        'data.json': strToU8(JSON.stringify(archive, null, 2)),
      };
      for (const [name, text] of Object.entries(archiveCsvFiles(archive)))
        files[`csv/${name}`] = strToU8(text);
      return { fileName: `my-data-${today}.zip`, zip: Buffer.from(zipSync(files, { level: 6 })) };
    });
  }

  /** "Correct my data": the request and what she said, for the desk. */
  async askCorrection(
    requester: AppRequester,
    code: string,
    correction: Correction,
  ): Promise<MyPrivacyRequest> {
    if (correction.whatIsWrong.trim().toLowerCase() === correction.shouldBe.trim().toLowerCase())
      throw new AppError('PRIVACY_CORRECTION_UNCHANGED');
    return this.asHer(requester, async (tx, mobile) => {
      const refusal = await this.deskRequestRefusal(tx, requester.userId);
      if (refusal) return refusal;
      const refused = await this.consume(tx, mobile, code);
      if (refused) return refused;
      const recorded = await recordPrivacyRequest(tx, {
        userId: requester.userId,
        kind: 'correction',
        channel: 'app',
        actor: actorOf(requester),
        now: this.clock.now(),
      });
      if (!recorded.ok) return new AppError('NOT_FOUND');
      await tx.query(
        `insert into privacy_correction_asks (request_id, field, what_is_wrong, should_be)
         values ($1, $2, $3, $4)`,
        [
          recorded.request.requestId,
          correction.field,
          correction.whatIsWrong.trim(),
          correction.shouldBe.trim(),
        ],
      );
      return this.mine(tx, recorded.request.requestId);
    });
  }

  /** "Delete my account": the request, for the desk; one open at a time. */
  async askErasure(requester: AppRequester, code: string): Promise<MyPrivacyRequest> {
    return this.asHer(requester, async (tx, mobile) => {
      const [open] = await tx.query(
        `select 1 from privacy_requests where user_id = $1 and kind = 'erasure' and status = 'open'`,
        [requester.userId],
      );
      if (open) return new AppError('PRIVACY_ERASURE_ALREADY_ASKED');
      const refusal = await this.deskRequestRefusal(tx, requester.userId);
      if (refusal) return refusal;
      const refused = await this.consume(tx, mobile, code);
      if (refused) return refused;
      const recorded = await recordPrivacyRequest(tx, {
        userId: requester.userId,
        kind: 'erasure',
        channel: 'app',
        actor: actorOf(requester),
        now: this.clock.now(),
      });
      if (!recorded.ok) return new AppError('NOT_FOUND');
      return this.mine(tx, recorded.request.requestId);
    });
  }

  /** Past the day's allowance of requests for the desk: refused before her code is used up. */
  private async deskRequestRefusal(tx: Queryable, userId: string): Promise<AppError | null> {
    const wait = await this.waitForAllowance(tx, userId, ['correction', 'erasure'], PRIVACY_REQUESTS_PER_DAY);
    return wait === null ? null : overAllowance('PRIVACY_REQUESTS_TODAY', PRIVACY_REQUESTS_PER_DAY, wait);
  }

  private async mine(tx: Queryable, requestId: string): Promise<MyPrivacyRequest> {
    const [row] = await tx.query<MyRequestRow>(`${MY_REQUESTS_SQL} where r.request_id = $1`, [requestId]);
    return myRequestOf(row as MyRequestRow);
  }
}
