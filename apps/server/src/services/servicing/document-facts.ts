import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { AppError } from '../../domain/app-error.ts';
import type { StatementJournal } from '../../domain/loan-statement.ts';
import { finalDueDate, manilaDay } from '../../domain/servicing-rules.ts';
import type { Brand } from '../../plugins/infra/brands.ts';
import { isWrittenOff } from './loan-adjustments.ts';
import { ensureSchedule, ownOrder } from './loan-position.ts';
import { penaltyDayOf } from './penalties.ts';
import type { ServicingDeps } from './servicing-deps.ts';

const S = LOAN_ORDER_STATUS;

/** What the statement of account and the clearance letter print about the loan. */
export interface LoanFacts {
  orderId: string;
  borrowerName: string;
  mobile: string;
  principal: number;
  tenureDays: number;
  disbursedOn: string | null;
  dueDate: string | null;
  finishedOn: string | null;
  lender: Brand['lender'];
  appName: string;
  supportEmail: string;
  supportPhone: string;
}

/**
 * What the closure documents print about a borrower's loan, and its journals as the borrower reads them
 * (statement of account). `finishedOnly`: the clearance letter exists only for a loan paid in full.
 */
export async function documentFacts(
  deps: ServicingDeps,
  userId: string,
  orderId: string,
  brand: Brand,
  finishedOnly: boolean,
): Promise<{ facts: LoanFacts; journals: StatementJournal[] }> {
  const order = await ownOrder(deps.db, userId, orderId, false);
  // A written-off loan is finished but was not paid in full: it gets no clearance letter.
  if (finishedOnly && (order.status !== S.finished || (await isWrittenOff(deps.db, orderId))))
    throw new AppError('CLEARANCE_NOT_READY');
  const schedule = await ensureSchedule(deps, deps.db, order);
  const [person] = await deps.db.query<{
    mobile: string;
    basic_info: Record<string, unknown> | string | null;
  }>(
    `select u.mobile, p.basic_info from users u left join profiles p on p.user_id = u.user_id
     where u.user_id = $1`,
    [userId],
  );
  const basic =
    typeof person?.basic_info === 'string'
      ? (JSON.parse(person.basic_info) as Record<string, unknown>)
      : (person?.basic_info ?? {});
  const name = [basic.firstName, basic.middleName, basic.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  const [finished] = await deps.db.query<{ at: Date | string }>(
    'select at from loan_order_events where order_id = $1 and to_status = $2 order by event_id desc limit 1',
    [orderId, S.finished],
  );
  const records = await deps.ledger.journals(deps.db, orderId);
  const kinds = new Map(records.map((journal) => [journal.journalId, journal.kind]));
  return {
    facts: {
      orderId,
      borrowerName: name || (person?.mobile ?? ''),
      mobile: person?.mobile ?? '',
      principal: order.principal,
      tenureDays: order.quote.tenureDays,
      disbursedOn: schedule?.disbursedOn ?? null,
      dueDate: schedule ? finalDueDate(schedule, order.quote) : null,
      finishedOn: finished ? manilaDay(new Date(finished.at)) : null,
      lender: brand.lender,
      appName: brand.appName,
      supportEmail: brand.supportEmail,
      supportPhone: brand.supportPhone,
    },
    journals: records.map((journal) => ({
      kind: journal.kind,
      reverses: journal.reverses ? (kinds.get(journal.reverses) ?? null) : null,
      occurredAt: journal.occurredAt,
      forDay: journal.kind === 'penalty_accrual' ? penaltyDayOf(journal.idempotencyKey) : null,
      lines: journal.lines,
    })),
  };
}
