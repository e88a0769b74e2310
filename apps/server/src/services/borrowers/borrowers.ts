import type { BorrowerHit, BorrowerView, RevealableField } from '@hiram/contract/ops/borrowers';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Sessions } from '../security/sessions.ts';
import type { Actor } from '../staff/staff-records.ts';
import { maskAddress, maskBirthday, maskEmail, maskLastFour, maskMobile } from './masking.ts';

export interface BorrowerDeps {
  db: Database;
  clock: Clock;
  sessions: Sessions;
}

interface BorrowerRow {
  user_id: string;
  mobile: string;
  package_name: string;
  created_at: Date | string;
  basic_info: Record<string, unknown> | null;
  submitted_at: Date | string | null;
  identity_state: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function text(info: Record<string, unknown> | null, key: string): string | null {
  const value = info?.[key];
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
}

function nameOf(info: Record<string, unknown> | null): string | null {
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
    const byName = byOrder === null && !byMobile ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = `($1::text is null or u.package_name = $1)
      and (($2::text is not null and u.mobile like '%' || $2 || '%')
        or ($3::text is not null and exists (select 1 from loan_orders o where o.user_id = u.user_id
              and o.order_id::text = $3))
        or ($4::text is not null and ((p.basic_info->>'firstName') || ' ' || (p.basic_info->>'lastName'))
              ilike $4))`;
    const params = [brandScope, byMobile ? mobileDigits : null, byOrder, byName];
    const [count] = await this.deps.db.query<{ n: number }>(
      `select count(*)::int as n from users u left join profiles p on p.user_id = u.user_id where ${where}`,
      params,
    );
    const rows = await this.deps.db.query<BorrowerRow & { latest_status: number | null }>(
      `select u.user_id, u.mobile, u.package_name, u.created_at, p.basic_info,
         (select o.status from loan_orders o where o.user_id = u.user_id order by o.seq desc limit 1)
           as latest_status
       from users u left join profiles p on p.user_id = u.user_id
       where ${where}
       order by u.created_at desc, u.user_id limit $5 offset $6`,
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
      `select u.user_id, u.mobile, u.package_name, u.created_at, p.basic_info, p.submitted_at,
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
        account_number: string;
        state: string;
        created_at: Date | string;
      }>('select * from payout_accounts where user_id = $1', [userId]),
      db.query<{
        order_id: string;
        status: number;
        principal: string | number;
        tenure_days: number;
        created_at: Date | string;
        submitted_at: Date | string | null;
        updated_at: Date | string;
      }>('select * from loan_orders where user_id = $1 order by seq desc limit 100', [userId]),
      db.query<{ created_at: Date | string; purpose: string }>(
        'select created_at, purpose from sms_outbox where mobile = $1 order by message_id desc limit 100',
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
      },
      applicationSubmittedAt: row.submitted_at ? iso(row.submitted_at) : null,
      identityState: row.identity_state,
      accounts: accounts.map((a) => ({
        kind: a.account_kind,
        bankCode: a.bank_code,
        accountNumber: maskLastFour(a.account_number) ?? '',
        state: a.state,
        createdAt: iso(a.created_at),
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
      sms: sms.map((m) => ({ at: iso(m.created_at), purpose: m.purpose })),
      sessions: sessions.map((s) => ({
        createdAt: iso(s.created_at),
        lastSeenAt: iso(s.last_seen_at),
        open: s.ended_at === null && new Date(s.expires_at).getTime() > now,
        endReason: s.end_reason,
      })),
      notes: notes.map((n) => ({ at: iso(n.at), staffEmail: n.staff_email, text: n.text })),
    };
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
