import type { Language } from '@hiram/contract/languages';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { type ReminderKind, reminderSendTime } from '../../domain/servicing-rules.ts';
import { templatedSms } from '../../domain/sms-texts.ts';
import { type OrderRow, positionIn, servicedOf } from './loan-position.ts';
import type { ServicingDeps } from './servicing-deps.ts';

const S = LOAN_ORDER_STATUS;

/** A reminder due to the borrower, queued by the daily run for a time outside the quiet hours. */
export const SERVICING_REMINDER_JOB = 'servicingReminder';

/** Sends one reminder, once, to the borrower's own number; never in the quiet hours. */
export async function sendReminder(
  deps: ServicingDeps,
  payload: { orderId: string; kind: ReminderKind; dueDate: string },
): Promise<void> {
  const now = deps.clock.now();
  const sendAt = reminderSendTime(now);
  if (sendAt.getTime() !== now.getTime()) {
    // Due in the quiet hours (a clock moved, a retry): wait for the morning.
    await deps.db.transaction((tx) =>
      deps.jobs.enqueue(tx, SERVICING_REMINDER_JOB, payload, sendAt.getTime() - now.getTime()),
    );
    return;
  }
  const message = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<OrderRow & { mobile: string; language: Language | null }>(
      `select o.order_id, o.user_id, o.package_name, o.product_id, o.status, o.principal, o.quote, u.mobile,
         (select language from agreement_signatures s where s.order_id = o.order_id limit 1) as language
       from loan_orders o join users u on u.user_id = o.user_id where o.order_id = $1`,
      [payload.orderId],
    );
    if (!row || (row.status !== S.repaying && row.status !== S.overdue)) return null;
    const order = servicedOf(row);
    const position = await positionIn(deps, tx, order);
    // Paid, or the due date moved since it was queued: this reminder is no longer true.
    if (!position || position.balance.totalDue <= 0 || position.nextDueDate !== payload.dueDate) return null;
    const inserted = await tx.query(
      `insert into servicing_reminders (order_id, kind, due_date, sent_at) values ($1, $2, $3, $4)
       on conflict do nothing returning order_id`,
      [payload.orderId, payload.kind, payload.dueDate, now.toISOString()],
    );
    if (inserted.length === 0) return null;
    const language: Language = row.language === 'fil' || row.language === 'es' ? row.language : 'en';
    return {
      to: row.mobile,
      packageName: order.packageName,
      ...templatedSms(reminderText(payload.kind), language, {
        app: deps.appNameOf(order.packageName),
        amount: pesos(position.balance.totalDue),
        date: payload.dueDate,
      }),
    };
  });
  // Recorded first, then sent: a failed send is not retried into a second copy.
  if (message)
    await deps.sms.send(message.to, message.text, {
      purpose: 'reminder',
      template: message.template,
      packageName: message.packageName,
    });
}

function reminderText(kind: ReminderKind) {
  return kind === 'beforeDue'
    ? 'reminderBeforeDue'
    : kind === 'dueToday'
      ? 'reminderDueToday'
      : 'reminderOverdue';
}

/** ₱1,234.50 as an SMS shows it. */
function pesos(centavos: number): string {
  return `₱${(centavos / 100).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
