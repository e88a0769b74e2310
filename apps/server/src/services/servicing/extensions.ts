import { randomUUID } from 'node:crypto';
import type { PaymentInstrument } from '@hiram/contract/api/repayment';
import type { ExtensionData, ExtensionOrder } from '@hiram/contract/api/servicing';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { applyBps, capsInForce, extensionFee, extensionViolations } from '@hiram/contract/pricing';
import type { ChannelId } from '@hiram/contract/repayment';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { allocatePayment, credit, debit, type LedgerLine } from '../../domain/ledger.ts';
import { productAboveCaps } from '../../domain/products.ts';
import { addDays, daysBetween, finalDueDate, manilaDay } from '../../domain/servicing-rules.ts';
import type { Brand } from '../../plugins/infra/brands.ts';
import { restructuredSchedule } from '../collection-cases/restructured-schedule.ts';
import { screeningFrozen } from '../compliance/aml/screening.ts';
import {
  ensureSchedule,
  type LoanPosition,
  lockOrder,
  ownOrder,
  positionIn,
  productTerms,
  UUID,
} from './loan-position.ts';
import { creditRepayment, finishIfPaid } from './repayment.ts';
import type { ServicingDeps } from './servicing-deps.ts';

const S = LOAN_ORDER_STATUS;

/** An extension order may be paid for 24 hours (SPEC section 9: an online repayment order is valid 24 hours). */
export const EXTENSION_ORDER_VALID_MS = 24 * 60 * 60 * 1000;

interface ExtensionRow {
  extension_id: string;
  order_id: string;
  fee: number | string;
  extension_days: number;
  due_date: string;
  new_due_date: string;
  status: ExtensionOrder['status'];
  expires_at: Date | string;
  created_at: Date | string;
  paid_at: Date | string | null;
}

const EXTENSION_COLUMNS = `extension_id, order_id, fee, extension_days, due_date::text as due_date,
  new_due_date::text as new_due_date, status, expires_at, created_at, paid_at`;

function extensionOf(row: ExtensionRow): ExtensionOrder {
  return {
    extensionId: row.extension_id,
    orderId: row.order_id,
    fee: Number(row.fee),
    extensionDays: row.extension_days,
    dueDate: row.due_date,
    newDueDate: row.new_due_date,
    status: row.status,
    expiresAt: new Date(row.expires_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
  };
}

export interface ExtensionCredit {
  extensionId: string;
  /** Centavos the collection credited. */
  amount: number;
  /** The collection's own key (its event or payment id): the same key credits once. */
  idempotencyKey: string;
  occurredAt?: Date;
}

/** The extension as the borrower sees it before confirming. */
export async function extensionData(
  deps: ServicingDeps,
  userId: string,
  orderId: string,
): Promise<ExtensionData> {
  return deps.db.transaction(async (tx) => {
    const order = await ownOrder(tx, userId, orderId, false);
    const position = await positionIn(deps, tx, order);
    const [pending] = await tx.query<ExtensionRow>(
      `select ${EXTENSION_COLUMNS} from extension_orders
       where order_id = $1 and status = 'pending' and expires_at > $2`,
      [orderId, deps.clock.now().toISOString()],
    );
    const open = order.status === S.repaying || order.status === S.overdue;
    if (!position) throw new AppError('EXTENSION_NOT_AVAILABLE');
    const price = await extensionPrice(deps, tx, position);
    return {
      orderId,
      status: order.status,
      // A restructured loan (ADR 0077) keeps to the schedule she signed: an extension would not move it.
      available:
        open &&
        position.balance.principal > 0 &&
        !(await restructuredSchedule(tx, orderId)) &&
        !(await screeningFrozen(tx, userId)),
      extensionDays: price.extensionDays,
      fee: price.fee,
      feeCapped: price.capped,
      dueDate: position.dueDate,
      newDueDate: price.newDueDate,
      overdueDays: position.overdueDays,
      totalDue: position.balance.totalDue,
      chargesSoFar: position.chargedSoFar,
      chargesCap: position.chargesCap,
      pending: pending ? extensionOf(pending) : null,
    };
  });
}

/** A payable extension order at today's price, valid 24 hours; a repeat answers the one waiting. */
export async function confirmExtension(
  deps: ServicingDeps,
  userId: string,
  orderId: string,
): Promise<ExtensionOrder> {
  return deps.db.transaction(async (tx) => {
    const order = await ownOrder(tx, userId, orderId, true);
    if (order.status !== S.repaying && order.status !== S.overdue)
      throw new AppError('EXTENSION_NOT_AVAILABLE');
    const now = deps.clock.now();
    await tx.query(
      `update extension_orders set status = 'expired' where order_id = $1 and status = 'pending' and expires_at <= $2`,
      [orderId, now.toISOString()],
    );
    const [pending] = await tx.query<ExtensionRow>(
      `select ${EXTENSION_COLUMNS} from extension_orders where order_id = $1 and status = 'pending'`,
      [orderId],
    );
    if (pending) return extensionOf(pending);
    const position = await positionIn(deps, tx, order);
    // A borrower frozen by sanctions screening (ADR 0081) is offered no extension, in words that say nothing more.
    if (
      !position ||
      position.balance.principal <= 0 ||
      (await restructuredSchedule(tx, orderId)) ||
      (await screeningFrozen(tx, userId))
    )
      throw new AppError('EXTENSION_NOT_AVAILABLE');
    const price = await extensionPrice(deps, tx, position);
    const [row] = await tx.query<ExtensionRow>(
      `insert into extension_orders (extension_id, order_id, user_id, fee, extension_days, due_date,
         new_due_date, status, expires_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9) returning ${EXTENSION_COLUMNS}`,
      [
        randomUUID(),
        orderId,
        userId,
        price.fee,
        price.extensionDays,
        position.dueDate,
        price.newDueDate,
        new Date(now.getTime() + EXTENSION_ORDER_VALID_MS).toISOString(),
        now.toISOString(),
      ],
    );
    return extensionOf(row as ExtensionRow);
  });
}

/** A borrower's extension order (for the collections side, which asks what to charge). */
export async function extensionOrder(
  deps: ServicingDeps,
  userId: string,
  extensionId: string,
  db: Queryable = deps.db,
): Promise<ExtensionOrder> {
  if (!UUID.test(extensionId)) throw new AppError('NOT_FOUND');
  const [row] = await db.query<ExtensionRow>(
    `select ${EXTENSION_COLUMNS} from extension_orders where extension_id = $1 and user_id = $2`,
    [extensionId, userId],
  );
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status === 'pending' && new Date(row.expires_at) <= deps.clock.now())
    return { ...extensionOf(row), status: 'expired' };
  return extensionOf(row);
}

/**
 * The hook the collections side calls, inside the transaction that records a credited collection for an
 * extension order: the fee is charged and paid (extension_fee journal, then the payment), the due date
 * moves by the extension days and an overdue loan is repaying again (event extend). Exactly once per
 * extension. `applied` is false when the extension was already paid, had expired or the amount is short
 * of the fee: the money is then credited as an ordinary repayment, never lost.
 */
export async function creditExtension(
  deps: ServicingDeps,
  tx: Queryable,
  credited: ExtensionCredit,
): Promise<{ applied: boolean; orderId: string; journalId: string | null }> {
  const [row] = await tx.query<ExtensionRow>(
    `select ${EXTENSION_COLUMNS} from extension_orders where extension_id = $1 for update`,
    [credited.extensionId],
  );
  if (!row) throw new AppError('NOT_FOUND');
  const orderId = row.order_id;
  const order = await lockOrder(tx, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  const occurredAt = credited.occurredAt ?? deps.clock.now();
  const fee = Number(row.fee);
  const usable =
    row.status === 'pending' &&
    new Date(row.expires_at) > occurredAt &&
    credited.amount >= fee &&
    (order.status === S.repaying || order.status === S.overdue);
  if (!usable) {
    if (credited.amount <= 0) return { applied: false, orderId, journalId: null };
    const repaid = await creditRepayment(
      deps,
      tx,
      order,
      credited.amount,
      credited.idempotencyKey,
      'Extension payment credited as a repayment',
    );
    return { applied: false, orderId, journalId: repaid.journalId };
  }
  if (fee > 0) {
    await deps.ledger.post(tx, {
      kind: 'extension_fee',
      orderId,
      idempotencyKey: `extension-fee:${row.extension_id}`,
      lines: [debit('extension_fee_receivable', fee), credit('extension_fee_income', fee)],
      memo: `Extension of ${row.extension_days} days to ${row.new_due_date}`,
      occurredAt,
    });
  }
  const balance = await deps.ledger.orderBalance(tx, orderId);
  const lines: LedgerLine[] = [];
  let journalId: string | null = null;
  if (credited.amount > 0) {
    const rest = credited.amount - fee;
    const allocation =
      rest > 0 ? allocatePayment({ ...balance, extensionFee: balance.extensionFee - fee }, rest) : null;
    lines.push(debit('cash', credited.amount));
    if (fee > 0) lines.push(credit('extension_fee_receivable', fee));
    for (const line of allocation?.lines ?? []) if (line.account !== 'cash') lines.push(line);
    const posted = await deps.ledger.post(tx, {
      kind: 'repayment',
      orderId,
      idempotencyKey: credited.idempotencyKey,
      lines,
      memo: 'Extension payment',
      occurredAt,
    });
    journalId = posted.journalId;
  }
  const schedule = await ensureSchedule(deps, tx, order);
  if (!schedule) throw new AppError('EXTENSION_NOT_AVAILABLE');
  const current = finalDueDate(schedule, order.quote);
  const moveBy = Math.max(row.extension_days, daysBetween(current, row.new_due_date));
  await tx.query(
    `update loan_schedules set shift_days = shift_days + $2, due_date = due_date + $2::int, updated_at = $3
     where order_id = $1`,
    [orderId, moveBy, occurredAt.toISOString()],
  );
  await tx.query(`update extension_orders set status = 'paid', paid_at = $2 where extension_id = $1`, [
    row.extension_id,
    occurredAt.toISOString(),
  ]);
  if (order.status === S.overdue) {
    await deps.loanOrders.moveIn(tx, orderId, 'extend', { reason: `extension ${row.extension_id}` });
  }
  await finishIfPaid(deps, tx, orderId);
  return { applied: true, orderId, journalId };
}

/**
 * Pays a confirmed extension order through a collection channel (the collections side issues the
 * instrument for its exact price); an extension the cap made free is applied at once (null).
 */
export async function payExtension(
  deps: ServicingDeps,
  userId: string,
  brand: Brand,
  extensionId: string,
  channel: ChannelId,
): Promise<PaymentInstrument | null> {
  if (!UUID.test(extensionId)) throw new AppError('NOT_FOUND');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.query<ExtensionRow>(
      `select ${EXTENSION_COLUMNS} from extension_orders where extension_id = $1 and user_id = $2 for update`,
      [extensionId, userId],
    );
    if (!row) throw new AppError('NOT_FOUND');
    const expiresAt = new Date(row.expires_at);
    if (row.status !== 'pending' || expiresAt <= deps.clock.now()) throw new AppError('EXTENSION_TIMED_OUT');
    const fee = Number(row.fee);
    if (fee === 0) {
      await creditExtension(deps, tx, {
        extensionId,
        amount: 0,
        idempotencyKey: `free-extension:${extensionId}`,
      });
      return null;
    }
    return deps.collections.openForExtension(tx, brand, channel, {
      extensionId,
      orderId: row.order_id,
      fee,
      expiresAt,
    });
  });
}

/** Marks unpaid extension orders past their 24 hours as expired. */
export async function expireExtensionOrders(deps: ServicingDeps): Promise<void> {
  await deps.db.query(
    `update extension_orders set status = 'expired' where status = 'pending' and expires_at <= $1`,
    [deps.clock.now().toISOString()],
  );
}

async function extensionPrice(
  deps: ServicingDeps,
  db: Queryable,
  position: LoanPosition,
): Promise<{ fee: number; capped: boolean; extensionDays: number; newDueDate: string }> {
  const terms = await productTerms(db, position.order.orderId);
  // An extension renews the loan: priced against the caps in force on its own day.
  const rule = capsInForce(manilaDay(deps.clock.now()));
  const broken = extensionViolations(terms, rule);
  if (broken.length > 0) throw productAboveCaps(position.order.productId, rule, broken);
  const input = {
    outstandingPrincipal: position.balance.principal,
    extensionFeeBps: terms.extensionFeeBps,
    principal: position.order.principal,
    chargedSoFar: position.chargedSoFar,
  };
  const fee = extensionFee(input);
  const uncapped = applyBps(input.outstandingPrincipal, input.extensionFeeBps);
  const today = manilaDay(deps.clock.now());
  // Never a new due date already past: an overdue loan gets its extension days from today.
  const from = daysBetween(position.dueDate, today) > 0 ? today : position.dueDate;
  return {
    fee,
    capped: fee < uncapped,
    extensionDays: terms.extensionDays,
    newDueDate: addDays(from, terms.extensionDays),
  };
}
