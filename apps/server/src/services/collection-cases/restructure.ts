import { createHash, randomUUID } from 'node:crypto';
import type { LoanRestructure } from '@hiram/contract/api/restructure';
import { buildDisclosure, type DisclosureStatement, type LenderDetails } from '@hiram/contract/disclosure';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { formatPeso } from '@hiram/contract/money';
import type { ProposalChange, ProposalPayload } from '@hiram/contract/ops/approvals';
import { type CapRule, capsInForce, DAYS_PER_MONTH } from '@hiram/contract/pricing';
import { manilaToday } from '@hiram/contract/profile';
import {
  RESTRUCTURE_LIMITS,
  type RestructurePlan,
  type RestructurePreview,
  type RestructureStatus,
  type RestructureTerms,
  restructurePlan,
  restructureViolations,
} from '@hiram/contract/restructure';
import type { Queryable } from '../../db/database.ts';
import { AppError, invalidField } from '../../domain/app-error.ts';
import { credit, debit, withoutZeroLines } from '../../domain/ledger.ts';
import { orderProduct, termsOf } from '../../domain/products.ts';
import { addDays, daysBetween, instalmentDueDates, manilaDay } from '../../domain/servicing-rules.ts';
import type { ProposalHandler } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import { noticeBorrower } from '../inbox/borrower-notices.ts';
import { canonicalJson, type SigningClient } from '../loans/agreements.ts';
import type { VerifyCodes } from '../security/verify-codes.ts';
import { isWrittenOff } from '../servicing/loan-adjustments.ts';
import { ensureSchedule, lockOrder, positionIn, type ServicedOrder } from '../servicing/loan-position.ts';
import type { ServicingDeps } from '../servicing/servicing-deps.ts';
import { restructuredSchedule } from './restructured-schedule.ts';

/*
 * Restructuring an overdue loan (issue 22; docs/decisions/0077-restructuring-and-payment-holidays.md).
 *
 * An agent proposes a new schedule (`loan.restructure`), a collections supervisor or an admin approves it
 * (maker-checker: never the maker), and the approval only offers it: the borrower reads its Disclosure
 * Statement in the app and signs it with a `signAgreement` SMS code. Signing is when it takes effect, priced
 * under the caps in force that day (a restructure is a new pricing event, SEC MC 14 s.2025): one ledger journal
 * keyed by the restructure (the penalty forgiven, the new interest), the plan kept as the loan's schedule with the
 * schedule it replaced beside it (appended, never overwritten: the order's quote keeps the first), the loan
 * current again, its collection case closed as restructured, and reopened by the daily run if the new schedule
 * falls overdue (a broken arrangement).
 */

const S = LOAN_ORDER_STATUS;

/** The posting's idempotency key: one journal per restructure, however often she taps sign. */
export function restructureKey(restructureId: string): string {
  return `restructure:${restructureId}`;
}

/** A schedule line as it stood: its due date and amount. */
interface ScheduleLine {
  number: number;
  dueDate: string;
  total: number;
}

interface LoanNow {
  order: ServicedOrder;
  plan: RestructurePlan;
  rule: CapRule;
  before: RestructurePreview['before'];
}

export interface HardshipDeps extends ServicingDeps {
  codes: VerifyCodes;
  lenderOf: (packageName: string) => LenderDetails | undefined;
}

/** The loan's schedule now: the latest signed restructure's, else its quote's from the payout day. */
async function scheduleNow(
  deps: ServicingDeps,
  db: Queryable,
  order: ServicedOrder,
): Promise<ScheduleLine[]> {
  const restructured = await restructuredSchedule(db, order.orderId);
  if (restructured) {
    return restructured.instalments.map((line, i) => ({
      number: line.number,
      dueDate: restructured.dueDates[i] as string,
      total: line.total,
    }));
  }
  const schedule = await ensureSchedule(deps, db, order);
  if (!schedule) return [];
  const dates = instalmentDueDates(schedule, order.quote.schedule);
  return order.quote.schedule.map((line, i) => ({
    number: line.number,
    dueDate: dates[i] as string,
    total: line.total,
  }));
}

/** The case of the loan, if it has one: a restructure is offered to an overdue loan or one in hardship. */
async function caseStatus(db: Queryable, orderId: string): Promise<string | null> {
  const [row] = await db.query<{ status: string }>(
    'select status from collection_cases where order_id = $1',
    [orderId],
  );
  return row?.status ?? null;
}

/**
 * The loan as a restructure sees it today: refused unless overdue (or current with its case in hardship),
 * and the plan the terms give, priced under the caps in force today.
 */
async function loanNow(
  deps: ServicingDeps,
  db: Queryable,
  orderId: string,
  terms: RestructureTerms,
  brandScope: string | null,
  lock: boolean,
): Promise<LoanNow> {
  const order = lock ? await lockOrder(db, orderId) : await lockless(db, orderId);
  if (!order || (brandScope !== null && order.packageName !== brandScope)) throw new AppError('NOT_FOUND');
  if (await isWrittenOff(db, orderId)) throw new AppError('LOAN_WRITTEN_OFF');
  const inHardship = (await caseStatus(db, orderId)) === 'hardship';
  if (!(order.status === S.overdue || (order.status === S.repaying && inHardship)))
    throw new AppError('RESTRUCTURE_NOT_ALLOWED');
  const position = await positionIn(deps, db, order);
  if (!position || position.balance.principal + position.balance.interest <= 0)
    throw new AppError('RESTRUCTURE_NOT_ALLOWED');
  const today = manilaDay(deps.clock.now());
  const rule = capsInForce(today);
  const { balance } = position;
  const plan = restructurePlan({
    owed: {
      principal: balance.principal,
      interest: balance.interest,
      penalty: balance.penalty,
      extensionFee: balance.extensionFee,
    },
    terms,
    startDay: today,
    originalPrincipal: order.principal,
    chargedSoFar: position.chargedSoFar,
    caps: rule,
  });
  const restructured = await restructuredSchedule(db, orderId);
  return {
    order,
    plan,
    rule,
    before: {
      schedule: await scheduleNow(deps, db, order),
      totalDue: balance.totalDue,
      penalty: balance.penalty,
      dailyPenaltyBps: restructured?.dailyPenaltyBps ?? (await orderProduct(db, orderId)).dailyPenaltyBps,
      effectiveMonthlyRate: order.quote.effectiveMonthlyRate,
      overdueDays: position.overdueDays,
    },
  };
}

async function lockless(db: Queryable, orderId: string): Promise<ServicedOrder | null> {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const rows = await db.query<{
    order_id: string;
    user_id: string;
    package_name: string;
    product_id: string;
    status: number;
    principal: string | number;
    quote: ServicedOrder['quote'] | string;
  }>(
    'select order_id, user_id, package_name, product_id, status, principal, quote from loan_orders where order_id = $1',
    [orderId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    orderId: row.order_id,
    userId: row.user_id,
    packageName: row.package_name,
    productId: row.product_id,
    status: row.status,
    principal: Number(row.principal),
    quote: typeof row.quote === 'string' ? JSON.parse(row.quote) : row.quote,
  };
}

/** 40968 naming every cap the plan breaks under `rule`, unless it keeps them all. */
function assertWithinCaps(plan: RestructurePlan, rule: CapRule): void {
  const violations = restructureViolations(plan, rule);
  if (violations.length > 0) {
    throw new AppError('RESTRUCTURE_ABOVE_CAPS', {
      data: { problems: violations.map((v) => ({ field: v.kind, message: v.detail })) },
      log: { capsInForce: capsName(rule), violations: violations.map((v) => v.detail) },
    });
  }
}

function capsName(rule: CapRule): string {
  return `${rule.circulars.join(', ')} from ${rule.effectiveFrom}`;
}

const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;
const monthlyPenalty = (dailyBps: number) => `${((dailyBps * DAYS_PER_MONTH) / 100).toFixed(2)}% a month`;

function scheduleInWords(lines: readonly { dueDate: string; total: number }[]): string {
  return lines.map((line) => `${formatPeso(line.total)} on ${line.dueDate}`).join('; ') || 'none';
}

/** What the checker compares, old → new (ADR 0056): the schedules, the amounts and the rates. */
function restructureChanges(now: LoanNow): ProposalChange[] {
  const { plan, before } = now;
  const last = plan.schedule[plan.schedule.length - 1];
  return [
    {
      field: 'schedule',
      label: 'Schedule',
      kind: 'text',
      before: scheduleInWords(before.schedule),
      after: scheduleInWords(plan.schedule),
    },
    {
      field: 'totalPayable',
      label: 'Total payable',
      kind: 'money',
      before: before.totalDue,
      after: plan.totalPayable,
    },
    {
      field: 'penalty',
      label: 'Penalty owed',
      kind: 'money',
      before: before.penalty,
      after: before.penalty - plan.penaltyForgiven,
    },
    {
      field: 'newInterest',
      label: 'New interest for the new time',
      kind: 'money',
      before: 0,
      after: plan.newInterest,
    },
    {
      field: 'effectiveMonthlyRate',
      label: 'Effective rate a month',
      kind: 'text',
      before: percent(before.effectiveMonthlyRate),
      after: percent(plan.effectiveMonthlyRate),
    },
    {
      field: 'dailyPenaltyBps',
      label: 'Late penalty',
      kind: 'text',
      before: monthlyPenalty(before.dailyPenaltyBps),
      after: monthlyPenalty(plan.terms.dailyPenaltyBps),
    },
    {
      field: 'finalDueDate',
      label: 'Last due date',
      kind: 'text',
      before: before.schedule[before.schedule.length - 1]?.dueDate ?? null,
      after: last?.dueDate ?? null,
    },
  ];
}

function termsOfPayload(payload: ProposalPayload<'loan.restructure'>): RestructureTerms {
  const { instalments, daysBetween, monthlyInterestBps, penaltyReductionBps, dailyPenaltyBps } = payload;
  return { instalments, daysBetween, monthlyInterestBps, penaltyReductionBps, dailyPenaltyBps };
}

async function waiting(
  db: Queryable,
  orderId: string,
): Promise<{ restructure_id: string; approved_at: Date | string } | null> {
  const [row] = await db.query<{ restructure_id: string; approved_at: Date | string }>(
    `select restructure_id, approved_at from loan_restructures where order_id = $1 and status = 'awaitingSignature'`,
    [orderId],
  );
  return row ?? null;
}

/** The case history's note and status change, when the loan has a case (C1's cases open them). */
async function caseEvent(
  tx: Queryable,
  orderId: string,
  at: Date,
  change: {
    status: string;
    closeReason: string | null;
    kind: 'closed' | 'reopened' | 'statusChanged';
    note: string;
  },
  staffId: string | null = null,
): Promise<void> {
  const [row] = await tx.query<{ case_id: string; status: string }>(
    'select case_id, status from collection_cases where order_id = $1 for update',
    [orderId],
  );
  if (!row || row.status === change.status) return;
  const closing = change.status === 'closed';
  await tx.query(
    `update collection_cases set status = $2, closed_at = $3, close_reason = $4, updated_at = $5 where case_id = $1`,
    [
      row.case_id,
      change.status,
      closing ? at.toISOString() : null,
      closing ? change.closeReason : null,
      at.toISOString(),
    ],
  );
  await tx.query(
    `insert into collection_case_events (case_id, kind, from_value, to_value, staff_id, note, at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.case_id, change.kind, row.status, change.status, staffId, change.note, at.toISOString()],
  );
}

/** What the borrower reads and signs: the new schedule's Disclosure Statement. */
export interface RestructureDocument {
  restructureId: string;
  orderId: string;
  status: RestructureStatus;
  /** The plan as it stands today (awaiting her signature), or as she signed it. */
  plan: RestructurePlan;
  /** The schedule it replaces (or replaced). */
  oldSchedule: ScheduleLine[];
  disclosure: DisclosureStatement;
  documentHash: string;
  signedAt: string | null;
  /** The last day she may sign it (Manila), while it waits for her signature. */
  signBy: string | null;
}

function hashOf(restructureId: string, disclosure: DisclosureStatement): string {
  return createHash('sha256')
    .update(canonicalJson({ kind: 'restructure', restructureId, disclosure }))
    .digest('hex');
}

export class Hardship {
  constructor(private readonly deps: HardshipDeps) {}

  /** The borrower's view of a restructure document (contract LoanRestructure). */
  answer(doc: RestructureDocument): LoanRestructure & { disclosure: DisclosureStatement } {
    const { plan } = doc;
    return {
      restructureId: doc.restructureId,
      orderId: doc.orderId,
      status: doc.status,
      oldSchedule: doc.oldSchedule,
      schedule: plan.schedule.map((line) => ({
        number: line.number,
        dueDate: line.dueDate,
        total: line.total,
      })),
      totalPayable: plan.totalPayable,
      owedBefore: plan.owedBefore.total,
      penaltyForgiven: plan.penaltyForgiven,
      newInterest: plan.newInterest,
      dailyPenaltyPercent: doc.disclosure.penalty.dailyPercent,
      effectiveMonthlyRatePercent: doc.disclosure.effectiveMonthlyRatePercent,
      documentHash: doc.documentHash,
      signedAt: doc.signedAt,
      signBy: doc.signBy,
      disclosure: doc.disclosure,
    };
  }

  /** The figures before proposing: changes nothing, refuses nothing the caps would (they are listed). */
  async preview(
    orderId: string,
    terms: RestructureTerms,
    brandScope: string | null,
  ): Promise<RestructurePreview> {
    const now = await loanNow(this.deps, this.deps.db, orderId, terms, brandScope, false);
    const { plan } = now;
    return {
      orderId,
      startDay: plan.startDay,
      capsInForce: capsName(now.rule),
      before: now.before,
      after: {
        schedule: plan.schedule.map(({ newInterest: _, dueDay: __, ...line }) => line),
        totalPayable: plan.totalPayable,
        penaltyForgiven: plan.penaltyForgiven,
        newInterest: plan.newInterest,
        dailyPenaltyBps: plan.terms.dailyPenaltyBps,
        effectiveMonthlyRate: plan.effectiveMonthlyRate,
        chargesAfter: plan.chargesAfter,
        chargesCap: plan.chargesCap,
      },
      violations: restructureViolations(plan, now.rule),
    };
  }

  /** `loan.restructure` under maker-checker: approving it offers the new schedule for her signature. */
  handler(): ProposalHandler<'loan.restructure'> {
    const deps = this.deps;
    const inspect = async (
      db: Queryable,
      payload: ProposalPayload<'loan.restructure'>,
      brandScope: string | null,
      lock: boolean,
    ) => {
      const now = await loanNow(deps, db, payload.orderId, termsOfPayload(payload), brandScope, lock);
      if (await waiting(db, payload.orderId)) throw new AppError('RESTRUCTURE_AWAITING_SIGNATURE');
      assertWithinCaps(now.plan, now.rule);
      return now;
    };
    return {
      kind: 'loan.restructure',
      async inspect(db, payload, brandScope) {
        const now = await inspect(db, payload, brandScope, false);
        const { plan, order } = now;
        return {
          targetType: 'loan',
          targetId: order.orderId,
          brand: order.packageName,
          summary: `Restructure order ${order.orderId.slice(0, 8)}: ${plan.terms.instalments} instalments every ${plan.terms.daysBetween} days, ${formatPeso(plan.totalPayable)} in all (${formatPeso(plan.penaltyForgiven)} of penalty forgiven); the borrower signs it before it takes effect`,
          changes: restructureChanges(now),
          dedupeKey: order.orderId,
          // Penalties accrue daily and the plan forgives a share of them: a payment, not a day, makes it stale.
          fingerprint: `${order.status}:${now.before.totalDue - now.before.penalty}`,
        };
      },
      async apply(tx, payload, context) {
        const now = await inspect(tx, payload, null, true);
        const restructureId = randomUUID();
        await tx.query(
          `insert into loan_restructures (restructure_id, order_id, proposal_id, status, terms, approved_at)
           values ($1, $2, $3, 'awaitingSignature', $4, $5)`,
          [
            restructureId,
            payload.orderId,
            context.proposalId,
            JSON.stringify(termsOfPayload(payload)),
            context.at.toISOString(),
          ],
        );
        await caseEvent(
          tx,
          payload.orderId,
          context.at,
          {
            status: 'hardship',
            closeReason: null,
            kind: 'statusChanged',
            note: 'A restructure was approved: waiting for the borrower to sign it',
          },
          context.checker.staffId,
        );
        await noticeBorrower(tx, deps, { orderId: payload.orderId, kind: 'restructureOffered' });
        await recordAudit(tx, {
          at: context.at,
          actorId: context.checker.staffId,
          actorEmail: context.checker.email,
          action: 'loan.restructure',
          target: `loan:${payload.orderId}`,
          brandScope: now.order.packageName,
          before: { status: now.order.status, totalDue: now.before.totalDue },
          after: {
            restructureId,
            proposalId: context.proposalId,
            proposedBy: context.maker.email,
            totalPayable: now.plan.totalPayable,
          },
          clientAddress: context.checker.clientAddress ?? null,
          userAgent: context.checker.userAgent ?? null,
        });
        return { restructureId, status: 'awaitingSignature', totalPayable: now.plan.totalPayable };
      },
    };
  }

  /**
   * The borrower's restructure of her loan: the one waiting for her signature (figured for today), else the
   * last she signed. 404 when there is none.
   */
  async view(userId: string, orderId: string): Promise<RestructureDocument> {
    return this.deps.db.transaction(async (tx) => {
      const order = await this.ownOrder(tx, userId, orderId, false);
      const offer = await this.offer(tx, order);
      if (offer) return offer;
      const signed = await this.signedDocument(tx, orderId);
      if (!signed) throw new AppError('NOT_FOUND');
      return signed;
    });
  }

  /**
   * Signs the waiting restructure with a fresh `signAgreement` code: everything is checked first so a stale
   * page does not use up the code; a repeat answers the signature already recorded, and posts nothing again.
   */
  async sign(
    userId: string,
    input: { orderId: string; documentHash: string; code: string; agreed: boolean },
    language: string,
    client: SigningClient,
  ): Promise<RestructureDocument> {
    const outcome = await this.deps.db.transaction(async (tx) => {
      const order = await this.ownOrder(tx, userId, input.orderId, true);
      const pending = await waiting(tx, input.orderId);
      if (!pending) {
        // A retried tap after it was signed: the signature on record, nothing posted twice.
        const signed = await this.signedDocument(tx, input.orderId);
        if (signed && signed.documentHash === input.documentHash) return signed;
        // Lapsed by the early-morning run before she signed: said so, as when it lapses as she reads it.
        const [latest] = await tx.query<{ status: string }>(
          'select status from loan_restructures where order_id = $1 order by approved_at desc limit 1',
          [input.orderId],
        );
        throw new AppError(latest?.status === 'lapsed' ? 'RESTRUCTURE_LAPSED' : 'NOT_FOUND');
      }
      if (!input.agreed) throw invalidField('agreed', 'agreementRequired');
      const offer = await this.offer(tx, order);
      if (!offer) throw new AppError('RESTRUCTURE_LAPSED');
      assertWithinCaps(offer.plan, capsInForce(offer.plan.startDay));
      if (input.documentHash !== offer.documentHash) throw new AppError('CONFLICT');
      const [mobile] = await tx.query<{ mobile: string }>('select mobile from users where user_id = $1', [
        userId,
      ]);
      const code = await this.deps.codes.consume(tx, mobile?.mobile ?? '', 'signAgreement', input.code);
      if (!code.accepted) return code.error;
      return this.takeEffect(tx, order, offer, { language, client, challengeId: code.challengeId });
    });
    if (typeof outcome === 'string') throw new AppError(outcome);
    return outcome;
  }

  /** She signed: the journal, the schedule appended, the loan current, the case closed, and she is told. */
  private async takeEffect(
    tx: Queryable,
    order: ServicedOrder,
    offer: RestructureDocument,
    signature: { language: string; client: SigningClient; challengeId: string },
  ): Promise<RestructureDocument> {
    const now = this.deps.clock.now();
    const { plan } = offer;
    const lines = withoutZeroLines([
      debit('penalty_income', plan.penaltyForgiven),
      credit('penalty_receivable', plan.penaltyForgiven),
      debit('interest_receivable', plan.newInterest),
      credit('interest_income', plan.newInterest),
    ]);
    const posted =
      lines.length > 0
        ? await this.deps.ledger.post(tx, {
            kind: 'restructure',
            orderId: order.orderId,
            idempotencyKey: restructureKey(offer.restructureId),
            lines,
            memo: `Restructured: ${plan.terms.instalments} instalments, ${formatPeso(plan.totalPayable)}`,
            occurredAt: now,
          })
        : null;
    await tx.query(
      `update loan_restructures set status = 'signed', signed_at = $2, plan = $3, old_schedule = $4,
         document_hash = $5, signed_document = $6, language = $7, code_challenge_id = $8, journal_id = $9
       where restructure_id = $1 and status = 'awaitingSignature'`,
      [
        offer.restructureId,
        now.toISOString(),
        JSON.stringify(plan),
        JSON.stringify(offer.oldSchedule),
        offer.documentHash,
        JSON.stringify({ disclosure: offer.disclosure, client: signature.client }),
        signature.language,
        signature.challengeId,
        posted?.journalId ?? null,
      ],
    );
    if (order.status === S.overdue) {
      await this.deps.loanOrders.moveIn(tx, order.orderId, 'restructure', {
        reason: `restructure ${offer.restructureId} signed`,
      });
    }
    // Closed as restructured (C1's cases, ADR 0074); the loan falling overdue again reopens it there.
    await this.deps.collectionCases.closeCase(tx, order.orderId, 'restructured');
    await noticeBorrower(tx, this.deps, {
      orderId: order.orderId,
      kind: 'restructured',
      amount: plan.totalPayable,
    });
    await recordAudit(tx, {
      at: now,
      actorId: null,
      actorEmail: null,
      action: 'loan.restructure.signed',
      target: `loan:${order.orderId}`,
      brandScope: order.packageName,
      after: {
        restructureId: offer.restructureId,
        journalId: posted?.journalId ?? null,
        totalPayable: plan.totalPayable,
      },
      clientAddress: signature.client.clientAddress,
      userAgent: signature.client.userAgent,
    });
    return { ...offer, status: 'signed', signedAt: now.toISOString(), signBy: null };
  }

  /**
   * Marks lapsed every offer still unsigned past its last day (the daily run), so the console shows it lapsed
   * and a new one may be proposed without waiting for her to open the app. Answers how many lapsed.
   */
  async lapseUnsigned(): Promise<number> {
    const today = manilaDay(this.deps.clock.now());
    const waiting = await this.deps.db.query<{ restructure_id: string; approved_at: Date | string }>(
      `select restructure_id, approved_at from loan_restructures where status = 'awaitingSignature'`,
    );
    let lapsed = 0;
    for (const row of waiting) {
      const signBy = addDays(manilaDay(new Date(row.approved_at)), RESTRUCTURE_LIMITS.signWithinDays);
      if (daysBetween(signBy, today) <= 0) continue;
      const marked = await this.deps.db.query(
        `update loan_restructures set status = 'lapsed'
          where restructure_id = $1 and status = 'awaitingSignature' returning restructure_id`,
        [row.restructure_id],
      );
      lapsed += marked.length;
    }
    return lapsed;
  }

  /** The restructure waiting for her signature, figured for today; lapsed (and marked so) past its days. */
  private async offer(tx: Queryable, order: ServicedOrder): Promise<RestructureDocument | null> {
    const [row] = await tx.query<{
      restructure_id: string;
      terms: RestructureTerms | string;
      approved_at: Date | string;
    }>(
      `select restructure_id, terms, approved_at from loan_restructures
        where order_id = $1 and status = 'awaitingSignature'`,
      [order.orderId],
    );
    if (!row) return null;
    const today = manilaDay(this.deps.clock.now());
    const signBy = addDays(manilaDay(new Date(row.approved_at)), RESTRUCTURE_LIMITS.signWithinDays);
    if (daysBetween(signBy, today) > 0) {
      await tx.query(`update loan_restructures set status = 'lapsed' where restructure_id = $1`, [
        row.restructure_id,
      ]);
      return null;
    }
    const terms = typeof row.terms === 'string' ? (JSON.parse(row.terms) as RestructureTerms) : row.terms;
    const now = await loanNowForBorrower(this.deps, tx, order, terms);
    const disclosure = await this.disclosure(tx, order, now.plan);
    return {
      restructureId: row.restructure_id,
      orderId: order.orderId,
      status: 'awaitingSignature',
      plan: now.plan,
      oldSchedule: now.before.schedule,
      disclosure,
      documentHash: hashOf(row.restructure_id, disclosure),
      signedAt: null,
      signBy,
    };
  }

  private async signedDocument(tx: Queryable, orderId: string): Promise<RestructureDocument | null> {
    const [row] = await tx.query<{
      restructure_id: string;
      plan: RestructurePlan | string;
      old_schedule: ScheduleLine[] | string;
      signed_document: { disclosure: DisclosureStatement } | string;
      document_hash: string;
      signed_at: Date | string;
    }>(
      `select restructure_id, plan, old_schedule, signed_document, document_hash, signed_at from loan_restructures
        where order_id = $1 and status = 'signed' order by signed_at desc limit 1`,
      [orderId],
    );
    if (!row) return null;
    const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
    return {
      restructureId: row.restructure_id,
      orderId,
      status: 'signed',
      plan: parse(row.plan),
      oldSchedule: parse(row.old_schedule),
      disclosure: parse(row.signed_document).disclosure,
      documentHash: row.document_hash,
      signedAt: new Date(row.signed_at).toISOString(),
      signBy: null,
    };
  }

  /**
   * The Disclosure Statement of the new schedule (RA 3765 as for any loan): the amount rescheduled stands as
   * the principal, the new interest as the finance charge, its own penalty rate, from today.
   */
  private async disclosure(
    tx: Queryable,
    order: ServicedOrder,
    plan: RestructurePlan,
  ): Promise<DisclosureStatement> {
    const lender = this.deps.lenderOf(order.packageName);
    if (!lender) throw new AppError('UNKNOWN_BRAND');
    const product = await orderProduct(tx, order.orderId);
    const terms = {
      ...termsOf(product),
      monthlyInterestBps: plan.terms.monthlyInterestBps,
      dailyPenaltyBps: plan.terms.dailyPenaltyBps,
    };
    const tenureDays = plan.terms.instalments * plan.terms.daysBetween;
    return buildDisclosure({
      terms,
      quote: {
        principal: plan.rescheduled,
        tenureDays,
        processingFee: 0,
        feeDiscount: 0,
        netProceeds: plan.rescheduled,
        schedule: plan.schedule.map((line) => ({
          number: line.number,
          dueDay: line.dueDay,
          principal: line.total - line.newInterest,
          interest: line.newInterest,
          total: line.total,
        })),
        totalInterest: plan.newInterest,
        financeCharges: plan.newInterest,
        totalPayable: plan.totalPayable,
        nominalMonthlyRateBps: plan.terms.monthlyInterestBps,
        effectiveMonthlyRate: plan.effectiveMonthlyRate,
        effectiveYearlyRate: (1 + plan.effectiveMonthlyRate) ** 12 - 1,
      },
      startDate: manilaToday(new Date(`${plan.startDay}T04:00:00Z`)),
      lender,
      repaymentChannels: [],
    });
  }

  private async ownOrder(
    tx: Queryable,
    userId: string,
    orderId: string,
    lock: boolean,
  ): Promise<ServicedOrder> {
    const order = lock ? await lockOrder(tx, orderId) : await lockless(tx, orderId);
    if (!order || order.userId !== userId) throw new AppError('NOT_FOUND');
    return order;
  }
}

/** The plan for the borrower's signature: the same figures, without the agent's gate (her case is closed by it). */
async function loanNowForBorrower(
  deps: ServicingDeps,
  tx: Queryable,
  order: ServicedOrder,
  terms: RestructureTerms,
): Promise<LoanNow> {
  return loanNow(deps, tx, order.orderId, terms, null, false);
}
