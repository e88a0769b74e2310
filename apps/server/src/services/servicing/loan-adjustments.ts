import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { formatPeso } from '@hiram/contract/money';
import type { LoanMoney, ProposalChange, ProposalPayload } from '@hiram/contract/ops/approvals';
import { paymentReferenceKey } from '@hiram/contract/payment-reference';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { credit, debit, type OrderBalance, recoveryLines, withoutZeroLines } from '../../domain/ledger.ts';
import type { ApplyContext, ProposalHandler, ProposalTarget } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import { noticeBorrower } from '../inbox/borrower-notices.ts';
import { differentPaymentNote, refuseCreditedTwice } from './credited-payments.ts';
import { lockOrder, positionIn, type ServicedOrder, UUID } from './loan-position.ts';
import { creditRepayment, finishIfPaid } from './repayment.ts';
import type { ServicingDeps } from './servicing-deps.ts';

/*
 * The four money actions on a loan under maker-checker (docs/decisions/0028-maker-checker.md): reverse a
 * credited payment, waive a penalty, credit a payment found on a bank statement, write the loan off. Each is
 * one ledger journal keyed by the proposal id (exactly once), posted in the approving transaction with the
 * loan's status change and an audit row. Their fingerprint is the loan's status and what it owes: a payment,
 * a penalty or another action in between makes a waiting proposal stale.
 */

const S = LOAN_ORDER_STATUS;
const OPEN: readonly number[] = [S.repaying, S.overdue];
/** Paid out: money can be credited to it or taken back. */
const PAID_OUT: readonly number[] = [S.repaying, S.overdue, S.finished];
/** A payment found on a bank statement may also be credited to a written-off loan: a recovery (ADR 0053). */
const CREDITABLE: readonly number[] = [...PAID_OUT, S.writtenOff];

/** The posting's idempotency key: one journal per approved proposal, whoever approves and however often. */
export function proposalKey(proposalId: string): string {
  return `proposal:${proposalId}`;
}

interface LoanInView {
  order: ServicedOrder;
  balance: OrderBalance;
  writtenOff: boolean;
}

/** The loan locked for the change, in the member's brand, with its balance; refused when written off. */
async function loanFor(
  deps: ServicingDeps,
  tx: Queryable,
  orderId: string,
  brandScope: string | null,
  statuses: readonly number[],
): Promise<LoanInView> {
  const order = await lockOrder(tx, orderId);
  if (!order || (brandScope !== null && order.packageName !== brandScope)) throw new AppError('NOT_FOUND');
  const writtenOff = await isWrittenOff(tx, orderId);
  // Only a credit is taken on a loan still written off (ADR 0053): it recovers what she owes.
  if (writtenOff && !(order.status === S.writtenOff && statuses.includes(S.writtenOff)))
    throw new AppError('LOAN_WRITTEN_OFF');
  if (!statuses.includes(order.status)) throw new AppError('LOAN_NOT_IN_REPAYMENT');
  return { order, balance: await deps.ledger.orderBalance(tx, orderId), writtenOff };
}

/** Written off under maker-checker: finished in status, but not paid (no clearance letter). */
export async function isWrittenOff(db: Queryable, orderId: string): Promise<boolean> {
  const rows = await db.query(`select 1 from ledger_journals where order_id = $1 and kind = 'write_off'`, [
    orderId,
  ]);
  return rows.length > 0;
}

function targetOf(loan: LoanInView, summary: string, dedupeKey: string): ProposalTarget {
  return {
    targetType: 'loan',
    targetId: loan.order.orderId,
    brand: loan.order.packageName,
    summary,
    dedupeKey,
    // A written-off loan's receivables stay 0: what is still owed on it is what a payment changes (ADR 0053).
    fingerprint: `${loan.order.status}:${loan.balance.totalDue}:${loan.balance.overpayment}${loan.order.status === S.writtenOff ? `:${loan.balance.owedAfterWriteOff}` : ''}`,
  };
}

const shortId = (orderId: string) => orderId.slice(0, 8);

/** A loan's amount old → new in centavos, for the checker (ADR 0056); none when it does not move. */
function moneyChange(field: string, label: string, before: number, after: number): ProposalChange[] {
  return before === after ? [] : [{ field, label, kind: 'money', before, after }];
}

/** What the borrower owes and is owed back after a credit: what goes beyond what is owed is owed back. */
function creditChanges(balance: OrderBalance, amount: number, writtenOff = false): ProposalChange[] {
  if (writtenOff) {
    // A recovery (ADR 0053): it lowers what is still owed after the write-off; any excess is owed back.
    const { recovered, overpayment } = recoveryLines(balance, amount);
    return [
      ...moneyChange(
        'owedAfterWriteOff',
        'Still owed by the borrower (written off)',
        balance.owedAfterWriteOff,
        balance.owedAfterWriteOff - recovered,
      ),
      ...moneyChange(
        'overpayment',
        'Owed back to the borrower',
        balance.overpayment,
        balance.overpayment + overpayment,
      ),
    ];
  }
  const totalDue = Math.max(0, balance.totalDue - amount);
  const overpayment = balance.overpayment + amount - (balance.totalDue - totalDue);
  return [
    ...moneyChange('totalDue', 'Total due', balance.totalDue, totalDue),
    ...moneyChange('overpayment', 'Owed back to the borrower', balance.overpayment, overpayment),
  ];
}

/** Where the loan stands after a change, for the audit row and the proposal's result. */
async function standing(deps: ServicingDeps, tx: Queryable, orderId: string) {
  const [row] = await tx.query<{ status: number }>('select status from loan_orders where order_id = $1', [
    orderId,
  ]);
  const balance = await deps.ledger.orderBalance(tx, orderId);
  return { status: row?.status ?? null, totalDue: balance.totalDue };
}

/** The checker's act on the maker's proposal, audited with the loan before and after. */
async function auditChange(
  tx: Queryable,
  action: string,
  loan: LoanInView,
  context: ApplyContext,
  after: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, {
    at: context.at,
    actorId: context.checker.staffId,
    actorEmail: context.checker.email,
    action,
    target: `loan:${loan.order.orderId}`,
    brandScope: loan.order.packageName,
    before: { status: loan.order.status, totalDue: loan.balance.totalDue },
    after: { ...after, proposalId: context.proposalId, proposedBy: context.maker.email },
    clientAddress: context.checker.clientAddress ?? null,
    userAgent: context.checker.userAgent ?? null,
  });
}

export function reverseCreditHandler(deps: ServicingDeps): ProposalHandler<'loan.reverse-credit'> {
  async function payment(tx: Queryable, orderId: string, journalId: string) {
    const [row] = await tx.query<{ amount: string | number; occurred_at: Date | string; reversed: boolean }>(
      `select e.amount, j.occurred_at,
         exists (select 1 from ledger_journals r where r.reverses = j.journal_id) as reversed
       from ledger_journals j join ledger_entries e on e.journal_id = j.journal_id and e.account = 'cash'
       where j.journal_id = $1 and j.order_id = $2 and j.kind = 'repayment'`,
      [journalId, orderId],
    );
    if (!row) throw new AppError('NOT_FOUND');
    if (row.reversed) throw new AppError('PAYMENT_ALREADY_REVERSED');
    // What the payment took off the receivables comes back on them when it is reversed.
    const [repaid] = await tx.query<{ amount: string | number }>(
      `select coalesce(sum(-amount), 0) as amount from ledger_entries
        where journal_id = $1 and account like '%receivable'`,
      [journalId],
    );
    return {
      amount: Number(row.amount),
      repaid: Number(repaid?.amount ?? 0),
      occurredAt: new Date(row.occurred_at),
    };
  }
  return {
    kind: 'loan.reverse-credit',
    async inspect(tx, { orderId, journalId }, brandScope) {
      const loan = await loanFor(deps, tx, orderId, brandScope, PAID_OUT);
      const paid = await payment(tx, orderId, journalId);
      const on = paid.occurredAt.toISOString().slice(0, 10);
      return {
        ...targetOf(
          loan,
          `Reverse the payment of ${formatPeso(paid.amount)} credited ${on} to order ${shortId(orderId)}`,
          journalId,
        ),
        changes: [
          ...moneyChange('totalDue', 'Total due', loan.balance.totalDue, loan.balance.totalDue + paid.repaid),
          ...moneyChange(
            'overpayment',
            'Owed back to the borrower',
            loan.balance.overpayment,
            Math.max(0, loan.balance.overpayment - (paid.amount - paid.repaid)),
          ),
        ],
      };
    },
    async apply(tx, { orderId, journalId }, context) {
      const loan = await loanFor(deps, tx, orderId, null, PAID_OUT);
      const paid = await payment(tx, orderId, journalId);
      const reversed = await deps.ledger.reverse(
        tx,
        journalId,
        proposalKey(context.proposalId),
        `Chargeback approved by ${context.checker.email}`,
      );
      await reopen(deps, tx, loan.order);
      await noticeBorrower(tx, deps, { orderId, kind: 'paymentReversed', amount: paid.amount });
      const after = await standing(deps, tx, orderId);
      await auditChange(tx, 'loan.reverse-credit', loan, context, {
        ...after,
        journalId: reversed.journalId,
      });
      return { journalId: reversed.journalId, ...after };
    },
  };
}

/**
 * After a payment is taken back the loan is owed again: a finished loan repays again, and one whose due
 * date has passed is overdue at once, as the daily run would have left it (the borrower app counts the
 * amount due from the status).
 */
async function reopen(deps: ServicingDeps, tx: Queryable, order: ServicedOrder): Promise<void> {
  const balance = await deps.ledger.orderBalance(tx, order.orderId);
  if (balance.totalDue <= 0) return;
  let status = order.status;
  if (status === S.finished) {
    await deps.loanOrders.moveIn(tx, order.orderId, 'paymentReversed', { reason: 'payment reversed' });
    status = S.repaying;
  }
  const position = await positionIn(deps, tx, { ...order, status });
  if (status === S.repaying && position && position.overdueDays > 0) {
    await deps.loanOrders.moveIn(tx, order.orderId, 'fallOverdue', {
      reason: `${position.overdueDays} days past ${position.nextDueDate}`,
    });
  }
}

export function waivePenaltyHandler(deps: ServicingDeps): ProposalHandler<'loan.waive-penalty'> {
  return {
    kind: 'loan.waive-penalty',
    async inspect(tx, { orderId, amount }, brandScope) {
      const loan = await loanFor(deps, tx, orderId, brandScope, OPEN);
      if (amount > loan.balance.penalty) throw new AppError('PENALTY_WAIVER_TOO_LARGE');
      return {
        ...targetOf(
          loan,
          `Waive ${formatPeso(amount)} of the ${formatPeso(loan.balance.penalty)} penalty on order ${shortId(orderId)}`,
          orderId,
        ),
        changes: [
          ...moneyChange(
            'penalty',
            'Penalty outstanding',
            loan.balance.penalty,
            loan.balance.penalty - amount,
          ),
          ...moneyChange('totalDue', 'Total due', loan.balance.totalDue, loan.balance.totalDue - amount),
        ],
      };
    },
    async apply(tx, { orderId, amount }, context) {
      const loan = await loanFor(deps, tx, orderId, null, OPEN);
      const posted = await deps.ledger.post(tx, {
        kind: 'penalty_waiver',
        orderId,
        idempotencyKey: proposalKey(context.proposalId),
        lines: [debit('penalty_income', amount), credit('penalty_receivable', amount)],
        memo: `Penalty waived, approved by ${context.checker.email}`,
        occurredAt: context.at,
      });
      // Waiving the last of what was owed pays the loan off.
      await finishIfPaid(deps, tx, orderId);
      await noticeBorrower(tx, deps, { orderId, kind: 'penaltyWaived', amount });
      const after = await standing(deps, tx, orderId);
      await auditChange(tx, 'loan.waive-penalty', loan, context, {
        ...after,
        amount,
        journalId: posted.journalId,
      });
      return { journalId: posted.journalId, ...after };
    },
  };
}

/** A bank reference as it is kept for finance to read: case and spaces differ between statements and what staff type. */
export function normalBankReference(reference: string): string {
  return reference.replace(/\s+/g, '').toUpperCase();
}

export function manualCreditHandler(deps: ServicingDeps): ProposalHandler<'loan.manual-credit'> {
  /**
   * A statement line is credited once, ever, whichever loan (by its reference as banks print it), and a payment
   * the loan already has, by any door, is not credited again (ADR 0052).
   */
  async function refuseCredited(tx: Queryable, payload: ProposalPayload<'loan.manual-credit'>) {
    const credited = await tx.query('select 1 from bank_statement_credits where reference_key = $1', [
      paymentReferenceKey(payload.bankReference),
    ]);
    if (credited.length > 0) throw new AppError('BANK_REFERENCE_CREDITED');
    return refuseCreditedTwice(tx, payload.orderId, {
      references: [payload.bankReference],
      amount: payload.amount,
      day: payload.receivedOn,
      differentPaymentReason: payload.differentPaymentReason,
    });
  }
  return {
    kind: 'loan.manual-credit',
    async inspect(tx, payload, brandScope) {
      const { orderId, amount, bankReference, receivedOn } = payload;
      const loan = await loanFor(deps, tx, orderId, brandScope, CREDITABLE);
      const reference = normalBankReference(bankReference);
      const lookAlike = await refuseCredited(tx, payload);
      return {
        ...targetOf(
          loan,
          `Credit ${formatPeso(amount)} received ${receivedOn} (bank reference ${reference}) to order ${shortId(orderId)}${differentPaymentNote(lookAlike, payload.differentPaymentReason)}`,
          // One pending credit per statement line, whichever loan it is proposed for.
          paymentReferenceKey(bankReference),
        ),
        changes: creditChanges(loan.balance, amount, loan.order.status === S.writtenOff),
      };
    },
    async apply(tx, payload, context) {
      const { orderId, amount, bankReference, receivedOn } = payload;
      const loan = await loanFor(deps, tx, orderId, null, CREDITABLE);
      const reference = normalBankReference(bankReference);
      await refuseCredited(tx, payload);
      // Credited like any payment: the same allocation, and the loan finishes when nothing is left (on a
      // written-off loan, a recovery: creditRepayment posts it).
      const posted = await creditRepayment(
        deps,
        tx,
        loan.order,
        amount,
        proposalKey(context.proposalId),
        `Bank statement ${reference} received ${receivedOn}`,
      );
      await tx.query(
        `insert into bank_statement_credits (bank_reference, order_id, amount, received_on, proposal_id,
           journal_id, credited_at, reference_key)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          reference,
          orderId,
          amount,
          receivedOn,
          context.proposalId,
          posted.journalId,
          context.at.toISOString(),
          paymentReferenceKey(bankReference),
        ],
      );
      await noticeBorrower(tx, deps, {
        orderId,
        kind: 'paymentCredited',
        amount,
        journalId: posted.journalId,
      });
      const after = await standing(deps, tx, orderId);
      await auditChange(tx, 'loan.manual-credit', loan, context, {
        ...after,
        amount,
        bankReference: reference,
        differentPaymentReason: payload.differentPaymentReason ?? null,
        journalId: posted.journalId,
      });
      return { journalId: posted.journalId, ...after };
    },
  };
}

export function writeOffHandler(deps: ServicingDeps): ProposalHandler<'loan.write-off'> {
  return {
    kind: 'loan.write-off',
    async inspect(tx, { orderId }, brandScope) {
      const loan = await loanFor(deps, tx, orderId, brandScope, OPEN);
      if (loan.balance.totalDue <= 0) throw new AppError('LOAN_NOT_IN_REPAYMENT');
      return {
        ...targetOf(
          loan,
          `Write off the ${formatPeso(loan.balance.totalDue)} outstanding on order ${shortId(orderId)}`,
          orderId,
        ),
        changes: [...moneyChange('totalDue', 'Total due', loan.balance.totalDue, 0)],
      };
    },
    async apply(tx, { orderId }, context) {
      const loan = await loanFor(deps, tx, orderId, null, OPEN);
      const { principal, interest, penalty, extensionFee, totalDue } = loan.balance;
      const posted = await deps.ledger.post(tx, {
        kind: 'write_off',
        orderId,
        idempotencyKey: proposalKey(context.proposalId),
        lines: withoutZeroLines([
          debit('write_off_expense', totalDue),
          credit('principal_receivable', principal),
          credit('interest_receivable', interest),
          credit('penalty_receivable', penalty),
          credit('extension_fee_receivable', extensionFee),
        ]),
        memo: `Written off, approved by ${context.checker.email}`,
        occurredAt: context.at,
      });
      await deps.loanOrders.moveIn(tx, orderId, 'writeOff', { reason: 'written off' });
      // Nothing is asked of the borrower any more: the codes still open stop being offered.
      await tx.query(
        `update collection_instruments set status = 'closed', settled_at = $2 where order_id = $1 and status = 'open'`,
        [orderId, context.at.toISOString()],
      );
      await noticeBorrower(tx, deps, { orderId, kind: 'writtenOff', amount: totalDue });
      const after = await standing(deps, tx, orderId);
      await auditChange(tx, 'loan.write-off', loan, context, {
        ...after,
        writtenOff: totalDue,
        journalId: posted.journalId,
      });
      return { journalId: posted.journalId, ...after };
    },
  };
}

/** A loan's balances and credited payments for the forms that propose its money actions. */
export async function loanMoney(
  deps: ServicingDeps,
  orderId: string,
  brandScope: string | null,
): Promise<LoanMoney> {
  const order = UUID.test(orderId) ? await locklessOrder(deps, orderId) : null;
  if (!order || (brandScope !== null && order.packageName !== brandScope)) throw new AppError('NOT_FOUND');
  const balance = await deps.ledger.orderBalance(deps.db, orderId);
  const payments = await deps.db.query<{
    journal_id: string;
    amount: string | number;
    occurred_at: Date | string;
    memo: string | null;
    reversed: boolean;
  }>(
    `select j.journal_id, e.amount, j.occurred_at, j.memo,
       exists (select 1 from ledger_journals r where r.reverses = j.journal_id) as reversed
     from ledger_journals j join ledger_entries e on e.journal_id = j.journal_id and e.account = 'cash'
     where j.order_id = $1 and j.kind = 'repayment' order by j.seq desc`,
    [orderId],
  );
  return {
    orderId,
    brand: order.packageName,
    status: order.status,
    writtenOff: await isWrittenOff(deps.db, orderId),
    balance: {
      principal: balance.principal,
      interest: balance.interest,
      penalty: balance.penalty,
      extensionFee: balance.extensionFee,
      totalDue: balance.totalDue,
      overpayment: balance.overpayment,
      owedAfterWriteOff: balance.owedAfterWriteOff,
    },
    payments: payments.map((row) => ({
      journalId: row.journal_id,
      amount: Number(row.amount),
      occurredAt: new Date(row.occurred_at).toISOString(),
      memo: row.memo,
      reversed: row.reversed,
    })),
  };
}

async function locklessOrder(deps: ServicingDeps, orderId: string) {
  const [row] = await deps.db.query<{ package_name: string; status: number }>(
    'select package_name, status from loan_orders where order_id = $1',
    [orderId],
  );
  return row ? { packageName: row.package_name, status: row.status } : null;
}
