import { randomUUID } from 'node:crypto';
import type { Language } from '@hiram/contract/languages';
import type { ProposalChange } from '@hiram/contract/ops/approvals';
import {
  AGENCY_EXPORT_COLUMNS,
  type Agency,
  type AgencyDetails,
  type AgencyView,
  type CommissionRate,
} from '@hiram/contract/ops/collection-agencies';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { manilaDay, reminderSendTime } from '../../domain/servicing-rules.ts';
import { templatedSms } from '../../domain/sms-texts.ts';
import type { Brand } from '../../plugins/infra/brands.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import type { ProposalHandler } from '../approvals/approvals.ts';
import { csvField, recordAudit } from '../audit/audit.ts';
import { borrowerNameSql } from '../borrowers/masking.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Actor } from '../staff/staff-records.ts';
import { guardContact } from './dunning/guardrails.ts';

/**
 * Collection agencies (issue 22; docs/decisions/0078-collection-agencies.md). The lender answers for its agencies
 * (SEC MC 18 s.2019): each is registered per brand under maker-checker with its SEC registration and a dated
 * commission; a supervisor places cases with it and recalls them, each placement a period; the borrower is told
 * by SMS which agency will contact her; the agency's CSV holds what it needs to collect and nothing more; its
 * recoveries are read from the ledger (payments credited on its cases while placed) and its commission is the
 * rate in force on each payment's Manila day times the amount.
 */

/** The borrower's notice of a placement, sent outside the quiet hours, once per placement. */
export const AGENCY_NOTICE_JOB = 'collectionAgencyNotice';

/** A case may go to an agency from these statuses; a dispute, hardship, a closed or placed case may not. */
const PLACEABLE = ['open', 'contacted', 'promiseToPay', 'brokenPromise'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AgencyDeps {
  db: Database;
  clock: Clock;
  jobs: Jobs;
  ledger: Ledger;
  sms: SmsProvider;
  brandOf: (packageName: string) => Brand | undefined;
  log?: { warn(object: object, message: string): void };
}

const DAY_MS = 86_400_000;

interface AgencyRow {
  agency_id: string;
  package_name: string;
  name: string;
  sec_registration_number: string;
  contact_person: string;
  phone: string;
  email: string;
  active: boolean;
  created_at: Date | string;
  placed_cases: number;
}

interface RateRow {
  agency_id: string;
  effective_from: string;
  rate_bps: number;
}

/**
 * Commission on an amount at a rate, in whole centavos: amount × bps / 10,000 rounded half away from zero, so a
 * reversal's commission is exactly minus the payment's.
 */
export function commissionOf(amount: number, rateBps: number): number {
  const magnitude = Math.floor((Math.abs(amount) * rateBps + 5_000) / 10_000);
  return amount < 0 ? -magnitude : magnitude;
}

/** The rate in force on a Manila day: the latest starting on or before it; 0 before the first. */
export function rateOn(rates: readonly CommissionRate[], day: string): number {
  let rate = 0;
  for (const r of rates) if (r.effectiveFrom <= day) rate = r.rateBps;
  return rate;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function pesoText(centavos: number): string {
  return (centavos / 100).toFixed(2);
}

export class CollectionAgencies {
  constructor(private readonly deps: AgencyDeps) {}

  private today(): string {
    return manilaDay(this.deps.clock.now());
  }

  private async agencyRow(db: Queryable, agencyId: string, brandScope: string | null): Promise<AgencyRow> {
    const [row] = UUID.test(agencyId)
      ? await db.query<AgencyRow>(
          `select a.*, (select count(*)::int from collection_placements p
             where p.agency_id = a.agency_id and p.recalled_at is null) as placed_cases
           from collection_agencies a where a.agency_id = $1`,
          [agencyId],
        )
      : [];
    if (!row || (brandScope !== null && row.package_name !== brandScope)) throw new AppError('NOT_FOUND');
    return row;
  }

  private async ratesOf(db: Queryable, agencyIds: readonly string[]): Promise<Map<string, CommissionRate[]>> {
    const rows =
      agencyIds.length === 0
        ? []
        : await db.query<RateRow>(
            `select agency_id, effective_from::text as effective_from, rate_bps from collection_agency_rates
             where agency_id = any($1::uuid[]) order by effective_from`,
            [agencyIds],
          );
    const rates = new Map<string, CommissionRate[]>();
    for (const row of rows) {
      const list = rates.get(row.agency_id) ?? [];
      list.push({ effectiveFrom: row.effective_from, rateBps: row.rate_bps });
      rates.set(row.agency_id, list);
    }
    return rates;
  }

  private toAgency(row: AgencyRow, rates: CommissionRate[]): Agency {
    const today = this.today();
    return {
      agencyId: row.agency_id,
      packageName: row.package_name,
      name: row.name,
      secRegistrationNumber: row.sec_registration_number,
      contactPerson: row.contact_person,
      phone: row.phone,
      email: row.email,
      active: row.active,
      rates,
      rateToday: rates.some((r) => r.effectiveFrom <= today) ? rateOn(rates, today) : null,
      placedCases: row.placed_cases,
      createdAt: iso(row.created_at),
    };
  }

  private async secTaken(db: Queryable, packageName: string, sec: string, except: string | null) {
    const [taken] = await db.query(
      `select 1 from collection_agencies where package_name = $1 and upper(sec_registration_number) = upper($2)
         and ($3::uuid is null or agency_id <> $3)`,
      [packageName, sec, except],
    );
    if (taken) throw new AppError('AGENCY_SEC_TAKEN');
  }

  private notBackdated(rate: CommissionRate): void {
    if (rate.effectiveFrom < this.today()) throw new AppError('COMMISSION_BACKDATED');
  }

  private async addRate(tx: Queryable, agencyId: string, rate: CommissionRate, proposalId: string, at: Date) {
    // A second rate for the same day replaces nothing already earned (the day has not started or is today);
    // the latest approved wins for that day.
    await tx.query(
      `insert into collection_agency_rates (agency_id, effective_from, rate_bps, proposal_id, created_at)
       values ($1, $2, $3, $4, $5)
       on conflict (agency_id, effective_from) do update set rate_bps = excluded.rate_bps,
         proposal_id = excluded.proposal_id, created_at = excluded.created_at`,
      [agencyId, rate.effectiveFrom, rate.rateBps, proposalId, at.toISOString()],
    );
  }

  /** `collection-agency.register`: a new agency of a brand with its first commission rate. */
  registerHandler(): ProposalHandler<'collection-agency.register'> {
    return {
      kind: 'collection-agency.register',
      inspect: async (db, payload, brandScope) => {
        if (
          !this.deps.brandOf(payload.packageName) ||
          (brandScope !== null && brandScope !== payload.packageName)
        )
          throw new AppError('NOT_FOUND');
        await this.secTaken(db, payload.packageName, payload.secRegistrationNumber, null);
        this.notBackdated(payload.commission);
        return {
          targetType: 'collectionAgency',
          targetId: `${payload.packageName}:${payload.secRegistrationNumber.toUpperCase()}`,
          brand: payload.packageName,
          summary: `Register ${payload.name} (SEC ${payload.secRegistrationNumber}) as a collection agency of ${payload.packageName}, commission ${bpsText(payload.commission.rateBps)} from ${payload.commission.effectiveFrom}`,
          changes: detailChanges(null, payload, payload.commission, null),
          dedupeKey: `${payload.packageName}:${payload.secRegistrationNumber.toUpperCase()}`,
          fingerprint: 'new',
        };
      },
      apply: async (tx, payload, context) => {
        const agencyId = randomUUID();
        await tx.query(
          `insert into collection_agencies (agency_id, package_name, name, sec_registration_number, contact_person,
             phone, email, active, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, true, $8, $8)`,
          [
            agencyId,
            payload.packageName,
            payload.name,
            payload.secRegistrationNumber,
            payload.contactPerson,
            payload.phone,
            payload.email,
            context.at.toISOString(),
          ],
        );
        await this.addRate(tx, agencyId, payload.commission, context.proposalId, context.at);
        await recordAudit(tx, {
          at: context.at,
          actorId: context.checker.staffId,
          actorEmail: context.checker.email,
          action: 'collection-agency.register',
          target: `collectionAgency:${agencyId}`,
          brandScope: payload.packageName,
          after: { ...payload, proposalId: context.proposalId, maker: context.maker },
        });
        return { agencyId };
      },
    };
  }

  /** `collection-agency.change`: its details, standing (active) and, optionally, a new rate from a day on. */
  changeHandler(): ProposalHandler<'collection-agency.change'> {
    return {
      kind: 'collection-agency.change',
      inspect: async (db, payload, brandScope) => {
        const row = await this.agencyRow(db, payload.agencyId, brandScope);
        await this.secTaken(db, row.package_name, payload.secRegistrationNumber, row.agency_id);
        const rates = (await this.ratesOf(db, [row.agency_id])).get(row.agency_id) ?? [];
        if (payload.commission) this.notBackdated(payload.commission);
        const rateThen = payload.commission ? rateOn(rates, payload.commission.effectiveFrom) : null;
        const changes = detailChanges(row, payload, payload.commission, rateThen);
        if (changes.length === 0) throw new AppError('AGENCY_UNCHANGED');
        return {
          targetType: 'collectionAgency',
          targetId: row.agency_id,
          brand: row.package_name,
          summary: `Change the collection agency ${row.name}: ${changes.map((c) => c.label.toLowerCase()).join(', ')}`,
          changes,
          dedupeKey: row.agency_id,
          // The agency as the maker saw it: another approved change since makes this one stale.
          fingerprint: JSON.stringify([
            row.name,
            row.sec_registration_number,
            row.contact_person,
            row.phone,
            row.email,
            row.active,
            rates,
          ]),
        };
      },
      apply: async (tx, payload, context) => {
        const before = await this.agencyRow(tx, payload.agencyId, null);
        await tx.query(
          `update collection_agencies set name = $2, sec_registration_number = $3, contact_person = $4, phone = $5,
             email = $6, active = $7, updated_at = $8
           where agency_id = $1`,
          [
            payload.agencyId,
            payload.name,
            payload.secRegistrationNumber,
            payload.contactPerson,
            payload.phone,
            payload.email,
            payload.active,
            context.at.toISOString(),
          ],
        );
        if (payload.commission)
          await this.addRate(tx, payload.agencyId, payload.commission, context.proposalId, context.at);
        await recordAudit(tx, {
          at: context.at,
          actorId: context.checker.staffId,
          actorEmail: context.checker.email,
          action: 'collection-agency.change',
          target: `collectionAgency:${payload.agencyId}`,
          brandScope: before.package_name,
          before: {
            name: before.name,
            secRegistrationNumber: before.sec_registration_number,
            contactPerson: before.contact_person,
            phone: before.phone,
            email: before.email,
            active: before.active,
          },
          after: { ...payload, proposalId: context.proposalId, maker: context.maker },
        });
        return { agencyId: payload.agencyId };
      },
    };
  }

  async list(packageName: string | undefined, actor: Actor): Promise<{ items: Agency[] }> {
    const brand = actor.brandScope ?? packageName ?? null;
    if (actor.brandScope !== null && packageName !== undefined && packageName !== actor.brandScope)
      return { items: [] };
    const rows = await this.deps.db.query<AgencyRow>(
      `select a.*, (select count(*)::int from collection_placements p
         where p.agency_id = a.agency_id and p.recalled_at is null) as placed_cases
       from collection_agencies a where ($1::text is null or a.package_name = $1)
       order by a.active desc, a.name, a.agency_id`,
      [brand],
    );
    const rates = await this.ratesOf(
      this.deps.db,
      rows.map((r) => r.agency_id),
    );
    return { items: rows.map((row) => this.toAgency(row, rates.get(row.agency_id) ?? [])) };
  }

  async view(agencyId: string, actor: Actor): Promise<AgencyView> {
    const { db } = this.deps;
    const row = await this.agencyRow(db, agencyId, actor.brandScope);
    const rates = (await this.ratesOf(db, [agencyId])).get(agencyId) ?? [];
    const cases = await db.query<{
      case_id: string;
      order_id: string;
      borrower_name: string | null;
      bucket: string;
      days_past_due: number;
      placed_at: Date | string;
      recalled_at: Date | string | null;
      notice_sent_at: Date | string | null;
    }>(
      `select c.case_id, c.order_id, ${borrowerNameSql('pr')} as borrower_name, c.bucket, c.days_past_due,
         p.placed_at, p.recalled_at, p.notice_sent_at
       from collection_placements p join collection_cases c on c.case_id = p.case_id
       left join profiles pr on pr.user_id = c.user_id
       where p.agency_id = $1
       order by (p.recalled_at is null) desc, p.placed_at desc, p.placement_id
       limit 500`,
      [agencyId],
    );
    const owed = await this.owedNow(
      db,
      cases.map((c) => c.order_id),
    );
    const recoveries = await this.recoveries(db, agencyId, rates);
    const months = new Map<string, { recovered: number; commission: number; payments: number }>();
    for (const r of recoveries) {
      const month = manilaDay(new Date(r.occurredAt)).slice(0, 7);
      const m = months.get(month) ?? { recovered: 0, commission: 0, payments: 0 };
      m.recovered += r.amount;
      m.commission += r.commission;
      m.payments += 1;
      months.set(month, m);
    }
    return {
      agency: this.toAgency(row, rates),
      cases: cases.map((c) => ({
        caseId: c.case_id,
        orderId: c.order_id,
        borrowerName: c.borrower_name,
        bucket: c.bucket,
        daysPastDue: c.days_past_due,
        amountOwed: owed.get(c.order_id) ?? 0,
        placedAt: iso(c.placed_at),
        recalledAt: c.recalled_at ? iso(c.recalled_at) : null,
        noticeSentAt: c.notice_sent_at ? iso(c.notice_sent_at) : null,
      })),
      recoveries,
      months: [...months.entries()]
        .sort((a, b) => (a[0] < b[0] ? 1 : -1))
        .map(([month, m]) => ({ month, ...m })),
      totals: {
        recovered: recoveries.reduce((sum, r) => sum + r.amount, 0),
        commission: recoveries.reduce((sum, r) => sum + r.commission, 0),
      },
    };
  }

  /** What each loan owes now, after a write-off too (the ledger's balance). */
  private async owedNow(db: Queryable, orderIds: readonly string[]): Promise<Map<string, number>> {
    const owed = new Map<string, number>();
    for (const orderId of new Set(orderIds)) {
      const balance = await this.deps.ledger.orderBalance(db, orderId);
      owed.set(orderId, balance.totalDue + balance.owedAfterWriteOff);
    }
    return owed;
  }

  /**
   * The agency's recoveries, from the ledger: each repayment or recovery journal credited on one of its cases
   * while placed (placed_at ≤ credited < recalled_at), and each reversal of such a journal (negative, whenever
   * it came: it takes back what the agency was credited). The rate is the one in force on the Manila day the
   * payment was credited, so a reversal takes back exactly the commission its payment earned.
   */
  async recoveries(db: Queryable, agencyId: string, rates: readonly CommissionRate[]) {
    const rows = await db.query<{
      journal_id: string;
      order_id: string;
      occurred_at: Date | string;
      credited_at: Date | string;
      amount: string | number;
    }>(
      `select j.journal_id, j.order_id, j.occurred_at, coalesce(o.occurred_at, j.occurred_at) as credited_at,
         sum(e.amount) as amount
       from collection_placements p
       join collection_cases c on c.case_id = p.case_id
       join ledger_journals j on j.order_id = c.order_id
       left join ledger_journals o on o.journal_id = j.reverses
       join ledger_entries e on e.journal_id = j.journal_id and e.account = 'cash'
       where p.agency_id = $1 and coalesce(o.kind, j.kind) in ('repayment', 'recovery')
         and coalesce(o.occurred_at, j.occurred_at) >= p.placed_at
         and (p.recalled_at is null or coalesce(o.occurred_at, j.occurred_at) < p.recalled_at)
       group by j.journal_id, j.order_id, j.occurred_at, o.occurred_at, j.seq
       order by j.occurred_at desc, j.seq desc`,
      [agencyId],
    );
    return rows.map((row) => {
      const amount = Number(row.amount);
      const rateBps = rateOn(rates, manilaDay(new Date(row.credited_at)));
      return {
        journalId: row.journal_id,
        orderId: row.order_id,
        occurredAt: iso(row.occurred_at),
        amount,
        rateBps,
        commission: commissionOf(amount, rateBps),
      };
    });
  }

  /**
   * Places cases with an agency, all or none: each case must be of the agency's brand and placeable. The case
   * goes to status `agency` with the agency named, its history says `placed`, and the borrower's notice is queued
   * for the first moment outside the quiet hours.
   */
  async place(
    input: { agencyId: string; caseIds: readonly string[]; note?: string | undefined },
    actor: Actor & { staffId: string },
  ): Promise<{ placed: string[] }> {
    const { db, clock, jobs } = this.deps;
    const now = clock.now();
    const sendAt = reminderSendTime(now);
    await db.transaction(async (tx) => {
      const agency = await this.agencyRow(tx, input.agencyId, actor.brandScope);
      if (!agency.active) throw new AppError('AGENCY_INACTIVE');
      for (const caseId of new Set(input.caseIds)) {
        const [row] = await tx.query<{ status: string; package_name: string; order_id: string }>(
          'select status, package_name, order_id from collection_cases where case_id = $1 for update',
          [caseId],
        );
        if (!row || (actor.brandScope !== null && row.package_name !== actor.brandScope))
          throw new AppError('NOT_FOUND');
        if (row.package_name !== agency.package_name) throw new AppError('AGENCY_OTHER_BRAND');
        if (!PLACEABLE.includes(row.status)) throw new AppError('CASE_NOT_PLACEABLE');
        const placementId = randomUUID();
        await tx.query(
          `insert into collection_placements (placement_id, case_id, agency_id, status_before, placed_by, placed_at)
           values ($1, $2, $3, $4, $5, $6)`,
          [placementId, caseId, agency.agency_id, row.status, actor.staffId, now.toISOString()],
        );
        await tx.query(
          `update collection_cases set status = 'agency', agency_id = $2, updated_at = $3 where case_id = $1`,
          [caseId, agency.agency_id, now.toISOString()],
        );
        await tx.query(
          `insert into collection_case_events (case_id, kind, from_value, to_value, staff_id, note, at)
           values ($1, 'placed', $2, $3, $4, $5, $6)`,
          [caseId, row.status, agency.agency_id, actor.staffId, input.note ?? agency.name, now.toISOString()],
        );
        await recordAudit(tx, {
          at: now,
          actorId: actor.staffId,
          actorEmail: actor.email,
          action: 'collection-case.place',
          target: `loan:${row.order_id}`,
          brandScope: row.package_name,
          before: { status: row.status },
          after: {
            caseId,
            agencyId: agency.agency_id,
            agency: agency.name,
            placementId,
            note: input.note ?? null,
          },
          clientAddress: actor.clientAddress ?? null,
          userAgent: actor.userAgent ?? null,
        });
        await jobs.enqueue(tx, AGENCY_NOTICE_JOB, { placementId }, sendAt.getTime() - now.getTime());
      }
    });
    jobs.wake();
    return { placed: [...new Set(input.caseIds)] };
  }

  /** Recalls placed cases, all or none: each goes back to the status it had, its placement period ends. */
  async recall(
    input: { caseIds: readonly string[]; note?: string | undefined },
    actor: Actor & { staffId: string },
  ): Promise<{ recalled: string[] }> {
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction(async (tx) => {
      for (const caseId of new Set(input.caseIds)) {
        const [row] = await tx.query<{ status: string; package_name: string; order_id: string }>(
          'select status, package_name, order_id from collection_cases where case_id = $1 for update',
          [caseId],
        );
        if (!row || (actor.brandScope !== null && row.package_name !== actor.brandScope))
          throw new AppError('NOT_FOUND');
        const [placement] = await tx.query<{
          placement_id: string;
          agency_id: string;
          status_before: string;
        }>(
          `update collection_placements set recalled_at = $2, recalled_by = $3
           where case_id = $1 and recalled_at is null returning placement_id, agency_id, status_before`,
          [caseId, now.toISOString(), actor.staffId],
        );
        if (!placement) throw new AppError('CASE_NOT_PLACED');
        // A case closed while placed (paid) stays closed; otherwise it goes back to where it was.
        const back = row.status === 'agency' ? placement.status_before : row.status;
        await tx.query(
          'update collection_cases set status = $2, agency_id = null, updated_at = $3 where case_id = $1',
          [caseId, back, now.toISOString()],
        );
        await tx.query(
          `insert into collection_case_events (case_id, kind, from_value, to_value, staff_id, note, at)
           values ($1, 'recalled', $2, $3, $4, $5, $6)`,
          [caseId, placement.agency_id, back, actor.staffId, input.note ?? null, now.toISOString()],
        );
        await recordAudit(tx, {
          at: now,
          actorId: actor.staffId,
          actorEmail: actor.email,
          action: 'collection-case.recall',
          target: `loan:${row.order_id}`,
          brandScope: row.package_name,
          before: { status: row.status, agencyId: placement.agency_id },
          after: { caseId, status: back, placementId: placement.placement_id, note: input.note ?? null },
          clientAddress: actor.clientAddress ?? null,
          userAgent: actor.userAgent ?? null,
        });
      }
    });
    return { recalled: [...new Set(input.caseIds)] };
  }

  /**
   * Tells the borrower which agency will contact her: once per placement, through the MC 18 guardrails
   * (`guardContact`, ADR 0076) like every message to her. In the quiet hours the job waits for 06:00; at a daily
   * or weekly cap it tries again a day later; while she disputes the debt it is not sent (the notice does not
   * speak of the dispute; a disputed case is not placed, and one disputed since waits for the recall). A case
   * recalled first is not told. Logged as a contact of the case, then texted.
   */
  async sendNotice(placementId: string): Promise<void> {
    const { db, clock, jobs, sms } = this.deps;
    const now = clock.now();
    const later = (ms: number) =>
      db.transaction((tx) => jobs.enqueue(tx, AGENCY_NOTICE_JOB, { placementId }, ms));
    const sendAt = reminderSendTime(now);
    if (sendAt.getTime() !== now.getTime()) return later(sendAt.getTime() - now.getTime());
    let retryInMs: number | null = null;
    const message = await db.transaction(async (tx) => {
      const [placement] = await tx.query<{ case_id: string; agency_id: string; placed_by: string }>(
        `select case_id, agency_id, placed_by from collection_placements
         where placement_id = $1 and notice_sent_at is null and recalled_at is null for update`,
        [placementId],
      );
      if (!placement) return null;
      const [row] = await tx.query<{
        user_id: string;
        package_name: string;
        mobile: string;
        language: Language | null;
        name: string;
        sec_registration_number: string;
        phone: string;
      }>(
        `select c.user_id, c.package_name, u.mobile, a.name, a.sec_registration_number, a.phone,
           (select language from agreement_signatures s where s.order_id = c.order_id limit 1) as language
         from collection_cases c join users u on u.user_id = c.user_id
         join collection_agencies a on a.agency_id = $2
         where c.case_id = $1`,
        [placement.case_id, placement.agency_id],
      );
      if (!row) return null;
      const brand = this.deps.brandOf(row.package_name);
      const language: Language = row.language === 'fil' || row.language === 'es' ? row.language : 'en';
      const lender = {
        corporateName: brand?.lender.corporateName ?? '',
        secRegistrationNumber: brand?.lender.secRegistrationNumber ?? '',
        certificateOfAuthorityNumber: brand?.lender.certificateOfAuthorityNumber ?? '',
      };
      const built = templatedSms('agencyPlaced', language, {
        app: brand?.appName ?? row.package_name,
        lender: lender.corporateName,
        lenderSec: lender.secRegistrationNumber,
        lenderCa: lender.certificateOfAuthorityNumber,
        agency: row.name,
        agencySec: row.sec_registration_number,
        agencyPhone: row.phone,
      });
      try {
        await guardContact(tx, now, {
          userId: row.user_id,
          channel: 'sms',
          text: built.text,
          language,
          lender,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.key === 'CONTACT_QUIET_HOURS')
          retryInMs = Math.max(60_000, sendAt.getTime() - now.getTime());
        else if (error.key === 'CONTACT_DAILY_CAP' || error.key === 'CONTACT_WEEKLY_CAP') retryInMs = DAY_MS;
        // Anything else (a dispute opened since, a message the guardrails refuse): not sent, the refusal logged.
        else this.deps.log?.warn({ placementId, refusal: error.key }, 'agency notice not sent');
        return null;
      }
      await tx.query('update collection_placements set notice_sent_at = $2 where placement_id = $1', [
        placementId,
        now.toISOString(),
      ]);
      await tx.query(
        `insert into collection_contacts (contact_id, case_id, user_id, channel, direction, outcome, note, staff_id,
           at)
         values ($1, $2, $3, 'sms', 'outbound', 'sent', $4, $5, $6)`,
        [
          randomUUID(),
          placement.case_id,
          row.user_id,
          `Told which agency will contact her: ${row.name} (SEC ${row.sec_registration_number})`,
          placement.placed_by,
          now.toISOString(),
        ],
      );
      return { to: row.mobile, packageName: row.package_name, ...built };
    });
    if (retryInMs !== null) return later(retryInMs);
    // Recorded first, then sent: a failed send is not retried into a second copy.
    if (message)
      await sms.send(message.to, message.text, {
        purpose: 'agencyPlaced',
        template: message.template,
        packageName: message.packageName,
      });
  }

  /**
   * The agency's cases placed now, as the CSV it receives (AGENCY_EXPORT_COLUMNS, nothing more), audited in the
   * same transaction with the cases it held.
   */
  async exportCsv(agencyId: string, actor: Actor): Promise<{ csv: string; fileName: string }> {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const agency = await this.agencyRow(tx, agencyId, actor.brandScope);
      const brand = this.deps.brandOf(agency.package_name);
      const rows = await tx.query<{
        case_id: string;
        order_id: string;
        borrower_name: string | null;
        mobile: string;
        due_date: string | null;
        days_past_due: number;
        placed_at: Date | string;
      }>(
        `select c.case_id, c.order_id, ${borrowerNameSql('pr')} as borrower_name, u.mobile,
           ls.due_date::text as due_date, c.days_past_due, p.placed_at
         from collection_placements p join collection_cases c on c.case_id = p.case_id
         join users u on u.user_id = c.user_id
         left join profiles pr on pr.user_id = c.user_id
         left join loan_schedules ls on ls.order_id = c.order_id
         where p.agency_id = $1 and p.recalled_at is null
         order by p.placed_at, c.case_id`,
        [agencyId],
      );
      const owed = await this.owedNow(
        tx,
        rows.map((r) => r.order_id),
      );
      const lenderContact = brand ? `${brand.supportPhone} / ${brand.supportEmail}` : '';
      const lines = [AGENCY_EXPORT_COLUMNS.join(',')];
      for (const row of rows) {
        const record: Record<(typeof AGENCY_EXPORT_COLUMNS)[number], string | number> = {
          loan_reference: row.order_id,
          borrower_name: row.borrower_name ?? '',
          mobile: nationalMobile(row.mobile),
          amount_owed: pesoText(owed.get(row.order_id) ?? 0),
          due_date: row.due_date ?? '',
          days_past_due: row.days_past_due,
          placed_on: manilaDay(new Date(row.placed_at)),
          lender_name: brand?.lender.corporateName ?? '',
          lender_sec_registration: brand?.lender.secRegistrationNumber ?? '',
          lender_contact: lenderContact,
        };
        lines.push(AGENCY_EXPORT_COLUMNS.map((column) => csvField(String(record[column]))).join(','));
      }
      await recordAudit(tx, {
        at: now,
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'collection-agency.export',
        target: `collectionAgency:${agencyId}`,
        brandScope: agency.package_name,
        after: { agency: agency.name, rows: rows.length, caseIds: rows.map((r) => r.case_id) },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
      const safeName = agency.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'agency';
      return { csv: `${lines.join('\r\n')}\r\n`, fileName: `${safeName}-${manilaDay(now)}.csv` };
    });
  }
}

/** +639171234567 as a Philippine agent dials it, 09171234567 (and no leading + for a spreadsheet to read). */
function nationalMobile(mobile: string): string {
  return mobile.startsWith('+63') ? `0${mobile.slice(3)}` : mobile;
}

function bpsText(bps: number): string {
  return `${(bps / 100).toFixed(2)}%`;
}

/** Old → new of an agency's details and rate, for the checker (ADR 0056); `before` null when registering. */
function detailChanges(
  before: AgencyRow | null,
  after: AgencyDetails & { active?: boolean },
  rate: CommissionRate | null,
  rateThen: number | null,
): ProposalChange[] {
  const changes: ProposalChange[] = [];
  const text = (field: string, label: string, old: string | null, now: string) => {
    if (old !== now) changes.push({ field, label, kind: 'text', before: old, after: now });
  };
  text('name', 'Name', before?.name ?? null, after.name);
  text(
    'secRegistrationNumber',
    'SEC registration',
    before?.sec_registration_number ?? null,
    after.secRegistrationNumber,
  );
  text('contactPerson', 'Contact person', before?.contact_person ?? null, after.contactPerson);
  text('phone', 'Phone', before?.phone ?? null, after.phone);
  text('email', 'E-mail', before?.email ?? null, after.email);
  if (before && after.active !== undefined && before.active !== after.active)
    changes.push({
      field: 'active',
      label: 'Takes cases',
      kind: 'text',
      before: before.active ? 'Active' : 'Inactive',
      after: after.active ? 'Active' : 'Inactive',
    });
  if (rate && (before === null || rateThen !== rate.rateBps))
    changes.push({
      field: `commission.${rate.effectiveFrom}`,
      label: `Commission from ${rate.effectiveFrom}`,
      kind: 'text',
      before: before === null || rateThen === null ? null : bpsText(rateThen),
      after: bpsText(rate.rateBps),
    });
  return changes;
}
