import { randomUUID } from 'node:crypto';
import { LANGUAGES, type Language, parseLanguage } from '@hiram/contract/languages';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { maskPhMobile, normalizePhMobile } from '@hiram/contract/mobile';
import {
  type BorrowerNoticeTexts,
  BREACH_NOTIFY_HOURS,
  type Breach,
  type BreachCategory,
  type BreachSelection,
  type BreachSummary,
} from '@hiram/contract/ops/breaches';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import type { Clock } from '../../../domain/clock.ts';
import { addDays, manilaDay, manilaTime, reminderSendTime } from '../../../domain/servicing-rules.ts';
import type { Jobs } from '../../../plugins/infra/jobs.ts';
import type { SmsProvider } from '../../../providers/sms/sms-provider.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { Actor } from '../../staff/staff-records.ts';
import { fillPlaceholders, templatesOn } from './notice-templates.ts';

/**
 * The breach register (migration 0073; ADR 0087): a breach, whose data it touched, the 72-hour clock from its
 * discovery, the notices to the NPC and to the borrowers drafted from dated templates, and when each went.
 */

/** The job that texts one affected borrower her notice, queued for a time outside the quiet hours. */
export const BREACH_NOTICE_SMS_JOB = 'breachNoticeSms';
/** The outbox purpose of those texts; the borrower's inbox lists them (INBOX_SMS_PURPOSES). */
export const BREACH_NOTICE_SMS_PURPOSE = 'dataBreach';

/** What the notices need of a brand: its names and the contacts a borrower or the NPC may use. */
export interface BreachBrand {
  appName: string;
  lender: { corporateName: string; complaintsEmail: string; complaintsPhone: string };
}
export type BrandOf = (packageName: string) => BreachBrand | undefined;

interface BreachRow {
  breach_id: string;
  package_name: string;
  summary: string;
  category: BreachCategory;
  mandatory: boolean;
  data_involved: string;
  measures: string;
  occurred_at: Date | string | null;
  discovered_at: Date | string;
  notify_by: Date | string;
  recorded_at: Date | string;
  recorded_by_email: string | null;
  selection: BreachSelection | string;
  affected_count: number | string;
  npc_notice: string | null;
  borrower_notice: BorrowerNoticeTexts | string | null;
  npc_notified_at: Date | string | null;
  npc_reference: string | null;
  borrowers_notified_at: Date | string | null;
}

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** `2026-03-02 09:00` on the Manila clock: how a notice names a time. */
export function manilaStamp(instant: Date): string {
  const shifted = new Date(instant.getTime() + 8 * 60 * 60 * 1000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
}

function summaryOf(row: BreachRow): BreachSummary {
  return {
    breachId: row.breach_id,
    packageName: row.package_name,
    summary: row.summary,
    category: row.category,
    mandatory: row.mandatory,
    discoveredAt: iso(row.discovered_at),
    notifyBy: iso(row.notify_by),
    affectedCount: Number(row.affected_count),
    npcNotifiedAt: isoOrNull(row.npc_notified_at),
    borrowersNotifiedAt: isoOrNull(row.borrowers_notified_at),
    recordedAt: iso(row.recorded_at),
  };
}

const SELECT_BREACH = `select b.*, s.email as recorded_by_email from compliance_breaches b
  left join staff s on s.staff_id = b.recorded_by`;

/** A breach within the member's brand, or nothing. */
async function breachInScope(db: Queryable, breachId: string, actor: Actor): Promise<BreachRow | null> {
  const [row] = await db.query<BreachRow>(
    `${SELECT_BREACH} where b.breach_id = $1 and ($2::text is null or b.package_name = $2)`,
    [breachId, actor.brandScope],
  );
  return row ?? null;
}

/** The drafts of a breach from the templates in force on its discovery day. */
export function draftNotices(
  row: Pick<
    BreachRow,
    'summary' | 'data_involved' | 'measures' | 'occurred_at' | 'discovered_at' | 'affected_count'
  >,
  brand: BreachBrand,
): { npcNotice: string; borrowerNotice: BorrowerNoticeTexts; templateVersion: string } {
  const discovered = new Date(row.discovered_at);
  const templates = templatesOn(manilaDay(discovered));
  const contact = `${brand.lender.complaintsPhone}, ${brand.lender.complaintsEmail}`;
  const values = {
    lender: brand.lender.corporateName,
    app: brand.appName,
    discovered: manilaStamp(discovered),
    occurred: row.occurred_at === null ? 'not known yet' : manilaStamp(new Date(row.occurred_at)),
    summary: row.summary,
    data: row.data_involved,
    measures: row.measures,
    count: String(Number(row.affected_count)),
    contact,
  };
  // The borrower reads a day, not a minute: the SMS stays short.
  const borrowerValues = { ...values, discovered: manilaDay(discovered) };
  const borrowerNotice = Object.fromEntries(
    LANGUAGES.map((language) => [language, fillPlaceholders(templates.borrower[language], borrowerValues)]),
  ) as BorrowerNoticeTexts;
  return {
    npcNotice: fillPlaceholders(templates.npc, values),
    borrowerNotice,
    templateVersion: templates.from,
  };
}

export class BreachRegister {
  constructor(
    private readonly deps: { db: Database; clock: Clock; jobs: Jobs; sms: SmsProvider; brandOf: BrandOf },
  ) {}

  private brand(packageName: string): BreachBrand {
    const brand = this.deps.brandOf(packageName);
    if (!brand) throw new AppError('NOT_FOUND');
    return brand;
  }

  async list(actor: Actor): Promise<BreachSummary[]> {
    const rows = await this.deps.db.query<BreachRow>(
      `${SELECT_BREACH} where ($1::text is null or b.package_name = $1)
       order by b.discovered_at desc, b.breach_id`,
      [actor.brandScope],
    );
    return rows.map(summaryOf);
  }

  async view(breachId: string, actor: Actor, db: Queryable = this.deps.db): Promise<Breach> {
    const row = await breachInScope(db, breachId, actor);
    if (!row) throw new AppError('NOT_FOUND');
    const drafts = draftNotices(row, this.brand(row.package_name));
    const subjects = await db.query<{
      user_id: string;
      mobile: string;
      name: string | null;
      notice_due_at: Date | string | null;
      notice_sent_at: Date | string | null;
    }>(
      `select s.user_id, u.mobile, s.notice_due_at, s.notice_sent_at,
         nullif(trim(coalesce(p.basic_info->>'firstName', '') || ' ' || coalesce(p.basic_info->>'lastName', '')), '')
           as name
       from compliance_breach_subjects s join users u on u.user_id = s.user_id
       left join profiles p on p.user_id = s.user_id
       where s.breach_id = $1 order by u.created_at, s.user_id limit 50`,
      [breachId],
    );
    const [sent] = await db.query<{ n: number | string }>(
      'select count(*) as n from compliance_breach_subjects where breach_id = $1 and notice_sent_at is not null',
      [breachId],
    );
    return {
      ...summaryOf(row),
      dataInvolved: row.data_involved,
      measures: row.measures,
      occurredAt: isoOrNull(row.occurred_at),
      recordedBy: row.recorded_by_email,
      selection: json(row.selection),
      npcNotice: row.npc_notice ?? drafts.npcNotice,
      borrowerNotice: row.borrower_notice === null ? drafts.borrowerNotice : json(row.borrower_notice),
      noticesSaved: row.npc_notice !== null && row.borrower_notice !== null,
      templateVersion: drafts.templateVersion,
      npcReference: row.npc_reference,
      noticesSent: Number(sent?.n ?? 0),
      subjects: subjects.map((s) => ({
        userId: s.user_id,
        name: s.name,
        mobile: maskPhMobile(s.mobile),
        noticeDueAt: isoOrNull(s.notice_due_at),
        noticeSentAt: isoOrNull(s.notice_sent_at),
      })),
      asOf: this.deps.clock.now().toISOString(),
    };
  }

  /** Records a breach and its affected borrowers, counted, in one transaction with its audit row. */
  async record(
    input: {
      packageName: string;
      summary: string;
      category: BreachCategory;
      mandatory: boolean;
      dataInvolved: string;
      measures: string;
      occurredAt?: string | undefined;
      discoveredAt: string;
      selection: BreachSelection;
    },
    actor: Actor,
  ): Promise<Breach> {
    if (actor.brandScope !== null && actor.brandScope !== input.packageName) throw new AppError('NOT_FOUND');
    this.brand(input.packageName);
    const now = this.deps.clock.now();
    const discovered = new Date(input.discoveredAt);
    const occurred = input.occurredAt ? new Date(input.occurredAt) : null;
    if (discovered > now || (occurred && (occurred > discovered || occurred > now)))
      throw new AppError('BREACH_TIMES_INVALID');
    const { selection } = input;
    if (selection.by === 'query' && selection.signedUpFrom > selection.signedUpTo)
      throw new AppError('BREACH_SIGN_UP_RANGE_INVALID');
    const breachId = randomUUID();
    return this.deps.db.transaction(async (tx) => {
      await tx.query(
        `insert into compliance_breaches (breach_id, package_name, summary, category, mandatory, data_involved,
           measures, occurred_at, discovered_at, notify_by, recorded_at, recorded_by, selection, affected_count)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 0)`,
        [
          breachId,
          input.packageName,
          input.summary,
          input.category,
          input.mandatory,
          input.dataInvolved,
          input.measures,
          occurred?.toISOString() ?? null,
          discovered.toISOString(),
          new Date(discovered.getTime() + BREACH_NOTIFY_HOURS * 3_600_000).toISOString(),
          now.toISOString(),
          actor.staffId,
          JSON.stringify(selection),
        ],
      );
      const count = await this.addSubjects(tx, breachId, input.packageName, selection);
      if (count === 0) throw new AppError('BREACH_NO_BORROWERS');
      await tx.query('update compliance_breaches set affected_count = $2 where breach_id = $1', [
        breachId,
        count,
      ]);
      await recordAudit(tx, {
        at: now,
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'breach.record',
        target: `breach:${breachId}`,
        brandScope: input.packageName,
        // The count and how they were chosen, never who: the audit log is no copy of the register.
        after: {
          category: input.category,
          mandatory: input.mandatory,
          affectedCount: count,
          by: selection.by,
        },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
      return this.view(breachId, actor, tx);
    });
  }

  /** The affected borrowers of the brand, by list (every entry must be found) or by query; their number. */
  private async addSubjects(
    tx: Queryable,
    breachId: string,
    packageName: string,
    selection: BreachSelection,
  ): Promise<number> {
    if (selection.by === 'list') {
      const ids: string[] = [];
      const mobiles: string[] = [];
      const unreadable: string[] = [];
      for (const entry of selection.borrowers) {
        if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(entry))
          ids.push(entry.toLowerCase());
        else {
          const mobile = normalizePhMobile(entry);
          if (mobile) mobiles.push(mobile);
          else unreadable.push(entry);
        }
      }
      const found = await tx.query<{ user_id: string; mobile: string }>(
        `select user_id::text as user_id, mobile from users
         where package_name = $1 and (user_id = any($2::uuid[]) or mobile = any($3::text[]))`,
        [packageName, ids, mobiles],
      );
      const foundIds = new Set(found.map((u) => u.user_id));
      const foundMobiles = new Set(found.map((u) => u.mobile));
      const missing =
        unreadable.length +
        ids.filter((id) => !foundIds.has(id)).length +
        mobiles.filter((m) => !foundMobiles.has(m)).length;
      if (missing > 0) throw new AppError('BREACH_UNKNOWN_BORROWERS', { data: { missing } });
      await tx.query(
        `insert into compliance_breach_subjects (breach_id, user_id)
         select $1, u from unnest($2::uuid[]) as u on conflict do nothing`,
        [breachId, [...foundIds]],
      );
    } else {
      const S = LOAN_ORDER_STATUS;
      await tx.query(
        `insert into compliance_breach_subjects (breach_id, user_id)
         select $1, u.user_id from users u
         where u.package_name = $2 and u.created_at >= $3 and u.created_at < $4
           and (not $5::boolean or exists (select 1 from loan_orders o where o.user_id = u.user_id
             and o.status in (${S.repaying}, ${S.overdue}, ${S.finished}, ${S.writtenOff})))`,
        [
          breachId,
          packageName,
          manilaTime(selection.signedUpFrom).toISOString(),
          manilaTime(addDays(selection.signedUpTo, 1)).toISOString(),
          selection.withLoanOnly,
        ],
      );
    }
    const [row] = await tx.query<{ n: number | string }>(
      'select count(*) as n from compliance_breach_subjects where breach_id = $1',
      [breachId],
    );
    return Number(row?.n ?? 0);
  }

  /** Saves the edited notices; what was already sent cannot change. */
  async saveNotices(
    input: { breachId: string; npcNotice: string; borrowerNotice: BorrowerNoticeTexts },
    actor: Actor,
  ): Promise<Breach> {
    return this.deps.db.transaction(async (tx) => {
      const row = await breachInScope(tx, input.breachId, actor);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.npc_notified_at !== null && input.npcNotice !== row.npc_notice)
        throw new AppError('BREACH_NPC_NOTIFIED');
      if (
        row.borrowers_notified_at !== null &&
        JSON.stringify(input.borrowerNotice) !== JSON.stringify(json(row.borrower_notice))
      )
        throw new AppError('BREACH_BORROWERS_NOTIFIED');
      await tx.query(
        'update compliance_breaches set npc_notice = $2, borrower_notice = $3 where breach_id = $1',
        [input.breachId, input.npcNotice, JSON.stringify(input.borrowerNotice)],
      );
      await this.audit(tx, actor, 'breach.notices.save', row, {});
      return this.view(input.breachId, actor, tx);
    });
  }

  /** Records that the NPC was notified, with its reference, once; the notice stays as it was then. */
  async npcNotified(input: { breachId: string; reference: string }, actor: Actor): Promise<Breach> {
    return this.deps.db.transaction(async (tx) => {
      const row = await breachInScope(tx, input.breachId, actor);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.npc_notified_at !== null) throw new AppError('BREACH_NPC_NOTIFIED');
      if (row.npc_notice === null) throw new AppError('BREACH_NOTICES_NOT_SAVED');
      const now = this.deps.clock.now();
      const [updated] = await tx.query(
        `update compliance_breaches set npc_notified_at = $2, npc_reference = $3, npc_notified_by = $4
         where breach_id = $1 and npc_notified_at is null returning breach_id`,
        [input.breachId, now.toISOString(), input.reference, actor.staffId],
      );
      if (!updated) throw new AppError('BREACH_NPC_NOTIFIED');
      await this.audit(tx, actor, 'breach.npc.notified', row, {
        reference: input.reference,
        withinHours: hoursSince(row.discovered_at, now),
      });
      return this.view(input.breachId, actor, tx);
    });
  }

  /**
   * Queues every affected borrower's notice, once: in her language (that of her latest signed agreement), by
   * SMS at the first minute outside the quiet hours; her inbox lists the text once it is sent.
   */
  async notifyBorrowers(breachId: string, actor: Actor): Promise<Breach> {
    return this.deps.db.transaction(async (tx) => {
      const row = await breachInScope(tx, breachId, actor);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.borrowers_notified_at !== null) throw new AppError('BREACH_BORROWERS_NOTIFIED');
      if (row.borrower_notice === null) throw new AppError('BREACH_NOTICES_NOT_SAVED');
      const now = this.deps.clock.now();
      const dueAt = reminderSendTime(now);
      const [updated] = await tx.query(
        `update compliance_breaches set borrowers_notified_at = $2, borrowers_notified_by = $3
         where breach_id = $1 and borrowers_notified_at is null returning breach_id`,
        [breachId, now.toISOString(), actor.staffId],
      );
      if (!updated) throw new AppError('BREACH_BORROWERS_NOTIFIED');
      const subjects = await tx.query<{ user_id: string }>(
        `update compliance_breach_subjects s set notice_due_at = $2,
           notice_language = (select a.language from agreement_signatures a where a.user_id = s.user_id
             order by a.signed_at desc limit 1)
         where s.breach_id = $1 returning s.user_id`,
        [breachId, dueAt.toISOString()],
      );
      for (const subject of subjects)
        await this.deps.jobs.enqueue(
          tx,
          BREACH_NOTICE_SMS_JOB,
          { breachId, userId: subject.user_id },
          dueAt.getTime() - now.getTime(),
        );
      await this.audit(tx, actor, 'breach.borrowers.notified', row, {
        borrowers: subjects.length,
        dueAt: dueAt.toISOString(),
        withinHours: hoursSince(row.discovered_at, now),
      });
      return this.view(breachId, actor, tx);
    });
  }

  /** Texts one borrower her notice, once; never in the quiet hours (a moved clock, a retry: the morning). */
  async sendNotice(payload: { breachId: string; userId: string }): Promise<void> {
    const { db, clock, jobs, sms } = this.deps;
    const now = clock.now();
    const sendAt = reminderSendTime(now);
    if (sendAt.getTime() !== now.getTime()) {
      await db.transaction((tx) =>
        jobs.enqueue(tx, BREACH_NOTICE_SMS_JOB, payload, sendAt.getTime() - now.getTime()),
      );
      return;
    }
    // Marked sent first, then sent: a failed send is not retried into a second copy.
    const [row] = await db.query<{
      mobile: string;
      notice_language: string | null;
      borrower_notice: BorrowerNoticeTexts | string;
      package_name: string;
    }>(
      `update compliance_breach_subjects s set notice_sent_at = $3
       from users u, compliance_breaches b
       where s.breach_id = $1 and s.user_id = $2 and s.notice_sent_at is null and s.notice_due_at is not null
         and u.user_id = s.user_id and b.breach_id = s.breach_id
       returning u.mobile, s.notice_language, b.borrower_notice, b.package_name`,
      [payload.breachId, payload.userId, now.toISOString()],
    );
    if (!row) return;
    const language: Language = parseLanguage(row.notice_language);
    await sms.send(row.mobile, json(row.borrower_notice)[language], {
      purpose: BREACH_NOTICE_SMS_PURPOSE,
      packageName: row.package_name,
      // Which breach: her inbox words it in the language she reads then, from the saved texts.
      template: { kind: BREACH_NOTICE_SMS_PURPOSE, values: { breachId: payload.breachId } },
    });
  }

  private async audit(
    tx: Queryable,
    actor: Actor,
    action: string,
    row: BreachRow,
    after: Record<string, unknown>,
  ): Promise<void> {
    await recordAudit(tx, {
      at: this.deps.clock.now(),
      actorId: actor.staffId,
      actorEmail: actor.email,
      action,
      target: `breach:${row.breach_id}`,
      brandScope: row.package_name,
      after,
      clientAddress: actor.clientAddress ?? null,
      userAgent: actor.userAgent ?? null,
    });
  }
}

/** Whole hours from discovery to `now`: the audit row says whether the 72 hours were kept. */
function hoursSince(discoveredAt: Date | string, now: Date): number {
  return Math.floor((now.getTime() - new Date(discoveredAt).getTime()) / 3_600_000);
}
