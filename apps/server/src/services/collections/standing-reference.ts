import { randomUUID } from 'node:crypto';
import type { PaymentReference } from '@hiram/contract/api/repayment';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Brand } from '../../plugins/infra/brands.ts';
import type { CollectionsDeps } from './collections-deps.ts';
import { type OrderRow, PAYABLE_STATUSES } from './order-rows.ts';

/** A standing reference outlives any loan term; the provider keeps it open as long (Xendit: years). */
const STANDING_YEARS = 5;

/**
 * The loan's one number to pay with (ADR 0047): made on first ask, inside the transaction that holds the
 * order's lock, as a standing collection instrument, so two taps make one and every payment to it is
 * credited by the one crediting path, whatever its amount (any excess goes to borrower_overpayment).
 */
export async function standingReference(
  deps: CollectionsDeps,
  tx: Queryable,
  order: OrderRow,
  brand: Brand,
): Promise<PaymentReference> {
  const [existing] = await tx.query<{ account_number: string; bank_name: string; account_name: string }>(
    'select account_number, bank_name, account_name from collection_instruments where order_id = $1 and standing',
    [order.order_id],
  );
  if (existing)
    return {
      reference: {
        accountNumber: existing.account_number,
        bankName: existing.bank_name,
        accountName: existing.account_name,
      },
    };
  // A written-off loan is still owed: this number is how the borrower pays it (ADR 0053).
  const writtenOff = order.status === LOAN_ORDER_STATUS.writtenOff;
  if (!PAYABLE_STATUSES.includes(order.status) && !writtenOff) throw new AppError('NOTHING_TO_REPAY');
  const balance = await deps.ledger.orderBalance(tx, order.order_id);
  const owed = writtenOff ? balance.owedAfterWriteOff : balance.totalDue;
  if (owed <= 0) throw new AppError('NOTHING_TO_REPAY');
  const instrumentId = randomUUID();
  const issued = await deps.provider.issueStandingReference?.(instrumentId, {
    payeeName: brand.lender.corporateName || brand.appName,
    packageName: brand.packageName,
  });
  if (!issued) return { reference: null };
  const now = deps.clock.now();
  const expiresAt = new Date(now);
  expiresAt.setUTCFullYear(expiresAt.getUTCFullYear() + STANDING_YEARS);
  await tx.query(
    `insert into collection_instruments (instrument_id, order_id, user_id, channel, kind, amount, reference,
       account_number, bank_name, account_name, created_at, expires_at, standing)
     values ($1, $2, $3, 'virtual_account', 'virtualAccount', $4, $5, $6, $7, $8, $9, $10, true)`,
    [
      instrumentId,
      order.order_id,
      order.user_id,
      owed,
      issued.reference,
      issued.accountNumber,
      issued.bankName,
      issued.accountName,
      now.toISOString(),
      expiresAt.toISOString(),
    ],
  );
  return {
    reference: {
      accountNumber: issued.accountNumber,
      bankName: issued.bankName,
      accountName: issued.accountName,
    },
  };
}
