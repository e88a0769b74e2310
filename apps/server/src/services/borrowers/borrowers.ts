import { knownReasons } from '@hiram/contract/assessment';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import {
  type BorrowerHit,
  type BorrowerView,
  IDENTITY_PHOTO_KINDS,
  type IdentityPhotoKind,
  type RevealableField,
} from '@hiram/contract/ops/borrowers';
import { type ProfileValues, permanentAddressDiffers } from '@hiram/contract/profile';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { psgc } from '../../domain/psgc-data.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import { recordAudit } from '../audit/audit.ts';
import { noticeBorrower } from '../inbox/borrower-notices.ts';
import { type ReviewColumns, reviewRecordOf } from '../loans/review-record.ts';
import { CreditLines } from '../risk/credit-lines.ts';
import { type Refusal, refusalOf } from '../risk/refusal.ts';
import type { Sessions } from '../security/sessions.ts';
import type { Actor } from '../staff/staff-records.ts';
import { maskAddress, maskBirthday, maskEmail, maskLastFour, maskMobile } from './masking.ts';

export interface BorrowerDeps {
  db: Database;
  clock: Clock;
  sessions: Sessions;
  /** For the notices a staff action sends the borrower (services/inbox). */
  jobs: Jobs;
}

interface BorrowerRow {
  user_id: string;
  mobile: string;
  package_name: string;
  created_at: Date | string;
  basic_info: Record<string, unknown> | null;
  addition_info?: Record<string, unknown> | null;
  submitted_at: Date | string | null;
  identity_state: string | null;
}

/** What a payment instrument's reference looks like (CO..., BT..., 13 to 16 digits): letters, digits, dashes. */
const PAYMENT_REFERENCE = /^[A-Z0-9-]{6,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

export function text(info: Record<string, unknown> | null, key: string): string | null {
  const value = info?.[key];
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
}

/** Her TIN, SSS or GSIS number as staff first see it: the type and the last four digits (ADR 0083). */
function maskIdentification(info: Record<string, unknown> | null): string | null {
  const masked = maskLastFour(text(info, 'identificationNumber'));
  return masked ? `${text(info, 'identificationType') ?? ''} ${masked}`.trim() : null;
}

/** Her permanent address (street, city, province) when she said it differs from the present one. */
function permanentAddressOf(info: Record<string, unknown> | null): string | null {
  if (!info || !permanentAddressDiffers(info as ProfileValues)) return null;
  const state = psgc().states.find((row) => row.code === text(info, 'permanentState'));
  const city = state?.cities.find(([code]) => code === text(info, 'permanentCity'))?.[1];
  const parts = [text(info, 'permanentAddress'), city, state?.name].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

export function nameOf(info: Record<string, unknown> | null): string | null {
  const name = [text(info, 'firstName'), text(info, 'lastName')].filter(Boolean).join(' ');
  return name === '' ? null : name;
}

/**
 * Borrowers as the back office sees them: found by mobile digits, name or order number, shown masked, one
 * field revealed at a time with its audit row. Reads the borrower app's own tables; a brand-scoped member
 * sees their brand only, and another brand's borrower answers NOT_FOUND.
 */
export class BorrowerService {
  constructor(private readonly deps: BorrowerDeps) {}

  async search(
    input: { q: string; page: number; pageSize: number },
    brandScope: string | null,
  ): Promise<{ items: BorrowerHit[]; page: number; pageSize: number; total: number }> {
    const q = input.q.trim();
    const digits = q.replace(/\D/g, '');
    // 0917... and 917... both find +63917...
    const mobileDigits = digits.startsWith('0') ? digits.slice(1) : digits;
    const byOrder = UUID.test(q) ? q.toLowerCase() : null;
    const byMobile =
      byOrder === null && digits.length >= 4 && digits.length === q.replace(/[\s+\-()]/g, '').length;
    const reference = q.replace(/\s/g, '').toUpperCase();
    // One indexed SELECT per way the text may match (ADR 0031: trigram indexes for mobile and name, the
    // references' unique index), so each is fast on its own; a payment reference is always tried too.
    const params: unknown[] = [brandScope];
    const ways: string[] = [];
    const matching = (sql: string, value: unknown) => {
      params.push(value);
      ways.push(sql.replace('$?', `$${params.length}`));
    };
    if (byOrder) matching('select user_id from loan_orders where order_id = $?::uuid', byOrder);
    else if (byMobile) matching(`select user_id from users where mobile like '%' || $? || '%'`, mobileDigits);
    else
      matching(
        `select user_id from profiles
         where ((basic_info->>'firstName') || ' ' || (basic_info->>'lastName')) ilike $?`,
        `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      );
    if (PAYMENT_REFERENCE.test(reference))
      matching('select user_id from collection_instruments where reference = $?', reference);
    const where = `u.user_id in (${ways.join(' union ')}) and ($1::text is null or u.package_name = $1)`;
    const [count] = await this.deps.db.query<{ n: number }>(
      `select count(*)::int as n from users u where ${where}`,
      params,
    );
    const rows = await this.deps.db.query<BorrowerRow & { latest_status: number | null }>(
      `select u.user_id, u.mobile, u.package_name, u.created_at, p.basic_info,
         (select o.status from loan_orders o where o.user_id = u.user_id order by o.seq desc limit 1)
           as latest_status
       from users u left join profiles p on p.user_id = u.user_id
       where ${where}
       order by u.created_at desc, u.user_id limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, input.pageSize, (input.page - 1) * input.pageSize],
    );
    return {
      items: rows.map((row) => ({
        userId: row.user_id,
        packageName: row.package_name,
        name: nameOf(row.basic_info),
        mobile: maskMobile(row.mobile),
        createdAt: iso(row.created_at),
        latestOrderStatus: row.latest_status === null ? null : Number(row.latest_status),
      })),
      page: input.page,
      pageSize: input.pageSize,
      total: count?.n ?? 0,
    };
  }

  private async borrower(userId: string, brandScope: string | null): Promise<BorrowerRow> {
    const [row] = await this.deps.db.query<BorrowerRow>(
      `select u.user_id, u.mobile, u.package_name, u.created_at, p.basic_info, p.addition_info, p.submitted_at,
         i.state as identity_state
       from users u left join profiles p on p.user_id = u.user_id
         left join identity_checks i on i.user_id = u.user_id
       where u.user_id = $1 and ($2::text is null or u.package_name = $2)`,
      [userId, brandScope],
    );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async view(userId: string, brandScope: string | null): Promise<BorrowerView> {
    const { db } = this.deps;
    const row = await this.borrower(userId, brandScope);
    const info = row.basic_info;
    const [accounts, loans, sms, sessions, notes] = await Promise.all([
      db.query<{
        account_kind: string;
        bank_code: string;
        last_digits: string;
        state: string;
        at: Date | string;
      }>('select * from payout_account_history where user_id = $1 order by history_id desc limit 100', [
        userId,
      ]),
      db.query<{
        order_id: string;
        status: number;
        principal: string | number;
        tenure_days: number;
        created_at: Date | string;
        submitted_at: Date | string | null;
        updated_at: Date | string;
      }>('select * from loan_orders where user_id = $1 order by seq desc limit 100', [userId]),
      db.query<{ created_at: Date | string; purpose: string; status: string }>(
        'select created_at, purpose, status from sms_outbox where mobile = $1 order by message_id desc limit 100',
        [row.mobile],
      ),
      db.query<{
        created_at: Date | string;
        last_seen_at: Date | string;
        ended_at: Date | string | null;
        expires_at: Date | string;
        end_reason: string | null;
      }>('select * from sessions where user_id = $1 order by created_at desc limit 50', [userId]),
      db.query<{ at: Date | string; staff_email: string | null; text: string }>(
        'select at, staff_email, text from borrower_notes where user_id = $1 order by note_id desc limit 200',
        [userId],
      ),
    ]);
    const history = await this.applicationHistory(userId);
    const creditLine = await this.creditLineOf(userId);
    const refusal = await this.refusalOfLatest(db, userId);
    const now = this.deps.clock.now().getTime();
    return {
      userId: row.user_id,
      packageName: row.package_name,
      createdAt: iso(row.created_at),
      profile: {
        name: nameOf(info),
        mobile: maskMobile(row.mobile),
        nationalId: maskLastFour(text(info, 'nationalId')),
        birthday: maskBirthday(text(info, 'inputBirthday')),
        email: maskEmail(text(info, 'email')),
        address: maskAddress(text(info, 'address')),
        identificationNumber: maskIdentification(info),
        permanentAddress: maskAddress(permanentAddressOf(info)),
        employerName: text(row.addition_info ?? null, 'employerName'),
      },
      applicationSubmittedAt: row.submitted_at ? iso(row.submitted_at) : null,
      identityState: row.identity_state,
      ...history,
      creditLine,
      refusal: refusal
        ? {
            orderId: refusal.orderId,
            reapplyAt: refusal.reapplyAt.toISOString(),
            borrowerReasons: refusal.borrowerReasons,
            byReviewer: refusal.byReviewer,
            waived: refusal.waived ? { ...refusal.waived, at: refusal.waived.at.toISOString() } : null,
          }
        : null,
      accounts: accounts.map((a, index) => ({
        kind: a.account_kind,
        bankCode: a.bank_code,
        accountNumber: maskLastFour(a.last_digits) ?? '',
        state: a.state,
        createdAt: iso(a.at),
        current: index === 0,
      })),
      loans: loans.map((l) => ({
        orderId: l.order_id,
        status: Number(l.status),
        principal: Number(l.principal),
        tenureDays: Number(l.tenure_days),
        createdAt: iso(l.created_at),
        submittedAt: l.submitted_at ? iso(l.submitted_at) : null,
        updatedAt: iso(l.updated_at),
      })),
      sms: sms.map((m) => ({ at: iso(m.created_at), purpose: m.purpose, status: m.status })),
      sessions: sessions.map((s) => ({
        createdAt: iso(s.created_at),
        lastSeenAt: iso(s.last_seen_at),
        open: s.ended_at === null && new Date(s.expires_at).getTime() > now,
        endReason: s.end_reason,
      })),
      notes: notes.map((n) => ({ at: iso(n.at), staffEmail: n.staff_email, text: n.text })),
    };
  }

  /**
   * Her latest application's refusal, while she waits it out or after a review lifted it; null otherwise (no
   * refusal, or its day has come).
   */
  private async refusalOfLatest(
    db: Queryable,
    userId: string,
    lock = false,
  ): Promise<(Refusal & { orderId: string }) | null> {
    const [latest] = await db.query<{
      order_id: string;
      package_name: string;
      status: number;
      updated_at: Date | string;
    }>(
      `select order_id, package_name, status, updated_at from loan_orders where user_id = $1
       order by seq desc limit 1${lock ? ' for update' : ''}`,
      [userId],
    );
    if (!latest || Number(latest.status) !== LOAN_ORDER_STATUS.rejected) return null;
    const refusal = await refusalOf(db, {
      orderId: latest.order_id,
      packageName: latest.package_name,
      rejectedAt: new Date(latest.updated_at),
    });
    if (!refusal.waived && refusal.reapplyAt <= this.deps.clock.now()) return null;
    return { ...refusal, orderId: latest.order_id };
  }

  /**
   * After a person reviewed a refusal and found it wrong (issue 21; ADR 0073): the borrower may apply again
   * now, not on the day the decision named. Her next application is assessed by the policy as any other. Told
   * in her inbox, in her language; audited.
   */
  async allowReapply(
    userId: string,
    reason: string,
    actor: Actor,
  ): Promise<{ orderId: string; reapplyAt: string }> {
    const row = await this.borrower(userId, actor.brandScope);
    return this.deps.db.transaction(async (tx) => {
      const refusal = await this.refusalOfLatest(tx, userId, true);
      if (!refusal || refusal.waived) throw new AppError('REAPPLY_NOT_WAITING');
      const now = this.deps.clock.now();
      await tx.query(
        `insert into reapply_waivers (order_id, user_id, reason, staff_id, staff_email, at)
         values ($1, $2, $3, $4, $5, $6)`,
        [refusal.orderId, userId, reason, actor.staffId, actor.email, now.toISOString()],
      );
      await noticeBorrower(tx, this.deps, { orderId: refusal.orderId, kind: 'reapplyAllowed' });
      await recordAudit(tx, {
        ...this.auditOf(actor, 'borrower.allow-reapply', row),
        before: { orderId: refusal.orderId, reapplyAt: refusal.reapplyAt.toISOString() },
        after: { orderId: refusal.orderId, reapplyAt: now.toISOString(), reason },
      });
      return { orderId: refusal.orderId, reapplyAt: now.toISOString() };
    });
  }

  /**
   * Her credit line and its history, newest first (issue 21; ADR 0068). Read only: a line never written is
   * worked out from her loans, as the borrower's own offer is, and written the first time it is used.
   */
  private async creditLineOf(userId: string): Promise<BorrowerView['creditLine']> {
    const lines = new CreditLines(this.deps.db, this.deps.clock);
    const [line, events] = await Promise.all([lines.lineOf(userId), lines.history(userId)]);
    return {
      amount: line.amount,
      frozen: line.frozen,
      policyVersion: line.policyVersion,
      history: events.reverse().map((event) => ({
        at: event.at,
        reason: event.reason,
        oldAmount: event.oldAmount,
        newAmount: event.newAmount,
        frozen: event.frozen,
        policyVersion: event.policyVersion,
        orderId: event.orderId,
        proposalId: event.proposalId,
        replayed: event.replayed,
      })),
    };
  }

  /** Identity checks and photos, questionnaire, each application's assessment, and a stop on applying. */
  private async applicationHistory(
    userId: string,
  ): Promise<Pick<BorrowerView, 'identity' | 'questionnaire' | 'applications' | 'applicationsStopped'>> {
    const { db } = this.deps;
    const [identityRows, photos, answers, assessments, stops] = await Promise.all([
      db.query<{
        state: string;
        failure: string | null;
        requested_at: Date | string | null;
        updated_at: Date | string;
      }>('select state, failure, requested_at, updated_at from identity_checks where user_id = $1', [userId]),
      db.query<{ kind: IdentityPhotoKind }>('select kind from identity_images where user_id = $1', [userId]),
      db.query<{ answers: Record<string, string>; saved_at: Date | string }>(
        'select answers, saved_at from questionnaire_answers where user_id = $1',
        [userId],
      ),
      db.query<
        ReviewColumns & {
          order_id: string;
          outcome: 'approve' | 'refer' | 'reject';
          reasons: unknown;
          assessed_at: Date | string;
        }
      >('select * from order_assessments where user_id = $1 order by assessed_at desc limit 100', [userId]),
      db.query<{ reason: string; staff_email: string | null; at: Date | string }>(
        'select reason, staff_email, at from application_stops where user_id = $1',
        [userId],
      ),
    ]);
    const identity = identityRows[0];
    const questionnaire = answers[0];
    const stop = stops[0];
    return {
      identity: {
        state: identity?.state ?? null,
        failure: identity?.failure ?? null,
        requestedAt: identity?.requested_at ? iso(identity.requested_at) : null,
        updatedAt: identity ? iso(identity.updated_at) : null,
        photos: IDENTITY_PHOTO_KINDS.filter((kind) => photos.some((p) => p.kind === kind)),
      },
      questionnaire: questionnaire
        ? {
            savedAt: iso(questionnaire.saved_at),
            answers: Object.entries(questionnaire.answers)
              .map(([code, answer]) => ({ code: Number(code), answer: String(answer) }))
              .sort((a, b) => a.code - b.code),
          }
        : null,
      applications: assessments.map((a) => ({
        orderId: a.order_id,
        outcome: a.outcome,
        reasons: knownReasons(a.reasons),
        assessedAt: iso(a.assessed_at),
        review: reviewRecordOf(a),
      })),
      applicationsStopped: stop
        ? { at: iso(stop.at), reason: stop.reason, staffEmail: stop.staff_email }
        : null,
    };
  }

  /** One identity photo for a reviewer or admin; the audit row is written before the photo leaves. */
  async photo(
    userId: string,
    kind: IdentityPhotoKind,
    actor: Actor,
  ): Promise<{ kind: IdentityPhotoKind; dataUrl: string }> {
    const row = await this.borrower(userId, actor.brandScope);
    const [image] = await this.deps.db.query<{ content: Uint8Array }>(
      'select content from identity_images where user_id = $1 and kind = $2',
      [userId, kind],
    );
    if (!image) throw new AppError('NOT_FOUND');
    await this.deps.db.transaction((tx) =>
      recordAudit(tx, { ...this.auditOf(actor, 'borrower.photo', row), after: { kind } }),
    );
    // Stored re-encoded as JPEG without metadata (identity uploads).
    return { kind, dataUrl: `data:image/jpeg;base64,${Buffer.from(image.content).toString('base64')}` };
  }

  /** Stops (or allows again) the borrower's new applications; what they saved stays. Audited. */
  async stopApplications(
    userId: string,
    stop: boolean,
    reason: string,
    actor: Actor,
  ): Promise<{ stopped: boolean }> {
    const row = await this.borrower(userId, actor.brandScope);
    return this.deps.db.transaction(async (tx) => {
      const changed = stop
        ? await tx.query(
            `insert into application_stops (user_id, reason, staff_id, staff_email, at) values ($1, $2, $3, $4, $5)
             on conflict (user_id) do nothing returning user_id`,
            [userId, reason, actor.staffId, actor.email, this.deps.clock.now().toISOString()],
          )
        : await tx.query('delete from application_stops where user_id = $1 returning user_id', [userId]);
      if (changed.length === 0) throw new AppError('APPLICATIONS_STOP_UNCHANGED');
      await recordAudit(tx, {
        ...this.auditOf(actor, stop ? 'borrower.stop-applications' : 'borrower.allow-applications', row),
        before: { stopped: !stop },
        after: { stopped: stop, reason },
      });
      return { stopped: stop };
    });
  }

  /** One field in clear; the audit row is written before the value leaves, in the same transaction. */
  async reveal(
    userId: string,
    field: RevealableField,
    reason: string,
    actor: Actor,
  ): Promise<{ field: RevealableField; value: string | null }> {
    const row = await this.borrower(userId, actor.brandScope);
    const info = row.basic_info;
    const values: Record<RevealableField, string | null> = {
      mobile: row.mobile,
      nationalId: text(info, 'nationalId'),
      birthday: text(info, 'inputBirthday'),
      email: text(info, 'email'),
      address: text(info, 'address'),
      identificationNumber: text(info, 'identificationNumber'),
      permanentAddress: permanentAddressOf(info),
    };
    await this.deps.db.transaction((tx) =>
      recordAudit(tx, {
        ...this.auditOf(actor, 'borrower.reveal', row),
        after: { field, reason },
      }),
    );
    return { field, value: values[field] };
  }

  async endSessions(userId: string, actor: Actor): Promise<{ ended: number }> {
    const row = await this.borrower(userId, actor.brandScope);
    return this.deps.db.transaction(async (tx) => {
      const [open] = await tx.query<{ n: number }>(
        'select count(*)::int as n from sessions where user_id = $1 and ended_at is null',
        [userId],
      );
      await this.deps.sessions.endAll(tx, userId, 'staff');
      const ended = open?.n ?? 0;
      await recordAudit(tx, { ...this.auditOf(actor, 'borrower.end-sessions', row), after: { ended } });
      return { ended };
    });
  }

  async addNote(userId: string, noteText: string, actor: Actor): Promise<null> {
    const row = await this.borrower(userId, actor.brandScope);
    await this.deps.db.transaction(async (tx) => {
      await tx.query(
        'insert into borrower_notes (user_id, staff_id, staff_email, text, at) values ($1, $2, $3, $4, $5)',
        [userId, actor.staffId, actor.email, noteText, this.deps.clock.now().toISOString()],
      );
      // The note's text stays on the borrower's page; the audit row says a note was added, and by whom.
      await recordAudit(tx, {
        ...this.auditOf(actor, 'borrower.note', row),
        after: { length: noteText.length },
      });
    });
    return null;
  }

  private auditOf(actor: Actor, action: string, row: BorrowerRow) {
    return {
      at: this.deps.clock.now(),
      actorId: actor.staffId,
      actorEmail: actor.email,
      action,
      target: `borrower:${row.user_id}`,
      brandScope: row.package_name,
      clientAddress: actor.clientAddress ?? null,
      userAgent: actor.userAgent ?? null,
    };
  }
}
