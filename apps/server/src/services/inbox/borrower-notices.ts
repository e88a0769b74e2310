import { randomUUID } from 'node:crypto';
import type { BorrowerNoticeKind } from '@hiram/contract/api/messages';
import { type Language, parseLanguage } from '@hiram/contract/languages';
import { formatPeso } from '@hiram/contract/money';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import { reminderSendTime } from '../../domain/servicing-rules.ts';
import { templatedSms } from '../../domain/sms-texts.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import { Ledger } from '../ledger/ledger.ts';

export type { BorrowerNoticeKind };

/**
 * A staff change the borrower is told of. `amount` in centavos: what was reversed, waived, credited,
 * refunded, written off, or what a rejected proof claimed. `reason`: a proof's rejection reason, from the
 * contract's list. `journalId`: the repayment journal a credit posted; the notice stands in for its receipt.
 */
export interface BorrowerNotice {
  /** The loan it is about; none for a notice about the borrower herself (her credit line): `userId` then. */
  orderId?: string | undefined;
  userId?: string | undefined;
  kind: BorrowerNoticeKind;
  amount?: number | undefined;
  reason?: string | undefined;
  journalId?: string | undefined;
}

/** The job that texts a notice, queued in the transaction of the change for a time outside the quiet hours. */
export const BORROWER_NOTICE_SMS_JOB = 'borrowerNoticeSms';
/** The outbox purpose of those texts: the inbox shows the notice itself, so it lists no second copy. */
export const BORROWER_NOTICE_SMS_PURPOSE = 'borrowerNotice';

/** Changes to what she owes: her amount due after them is kept and said. */
const CHANGES_AMOUNT_DUE: ReadonlySet<BorrowerNoticeKind> = new Set([
  'paymentReversed',
  'penaltyWaived',
  'paymentCredited',
  'proofCredited',
]);
/** Money moved to or from her, or taken off her loan: texted too. The others are in-app notices only. */
const TEXTED: ReadonlySet<BorrowerNoticeKind> = new Set([
  ...CHANGES_AMOUNT_DUE,
  'writtenOff',
  'overpaymentRefunded',
  // She must sign a new schedule for it to take effect (ADR 0077): told where she will read it.
  'restructureOffered',
]);

/**
 * Tells the borrower of a staff change, inside the transaction of the change (ADR 0055): a notice in her inbox
 * and, where money moved, a text queued for the first minute outside the quiet hours. Call it after the
 * change is posted: the amount due it keeps is read from the ledger as the change left it.
 */
export async function noticeBorrower(
  tx: Queryable,
  deps: { clock: Clock; jobs: Jobs },
  notice: BorrowerNotice,
): Promise<void> {
  const [order] = notice.orderId
    ? await tx.query<{ user_id: string; language: string | null }>(
        `select o.user_id,
           coalesce(
             (select s.language from agreement_signatures s where s.order_id = o.order_id limit 1),
             -- An application not yet signed: the language of her latest signed agreement.
             (select s.language from agreement_signatures s where s.user_id = o.user_id
               order by s.signed_at desc limit 1)
           ) as language
         from loan_orders o where o.order_id = $1`,
        [notice.orderId],
      )
    : // About her, not a loan: the language of her latest signed agreement.
      await tx.query<{ user_id: string; language: string | null }>(
        `select u.user_id, (select s.language from agreement_signatures s where s.user_id = u.user_id
           order by s.signed_at desc limit 1) as language
         from users u where u.user_id = $1`,
        [notice.userId ?? null],
      );
  if (!order) throw new Error(`No order ${notice.orderId} or borrower ${notice.userId} to tell of a change`);
  const now = deps.clock.now();
  const amountDue =
    CHANGES_AMOUNT_DUE.has(notice.kind) && notice.orderId
      ? (await new Ledger(deps.clock).orderBalance(tx, notice.orderId)).totalDue
      : null;
  const smsDueAt = TEXTED.has(notice.kind) ? reminderSendTime(now) : null;
  const noticeId = randomUUID();
  await tx.query(
    `insert into borrower_notices (notice_id, user_id, order_id, kind, amount, amount_due, reason, language,
       created_at, sms_due_at, journal_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      noticeId,
      order.user_id,
      notice.orderId ?? null,
      notice.kind,
      notice.amount ?? null,
      amountDue,
      notice.reason ?? null,
      parseLanguage(order.language),
      now.toISOString(),
      smsDueAt?.toISOString() ?? null,
      notice.journalId ?? null,
    ],
  );
  if (smsDueAt)
    await deps.jobs.enqueue(tx, BORROWER_NOTICE_SMS_JOB, { noticeId }, smsDueAt.getTime() - now.getTime());
}

/** The words a notice is made of, in `language`: the same for the text and the inbox. */
export function noticeText(
  notice: { kind: BorrowerNoticeKind; amount: number | null; amountDue: number | null },
  language: Language,
  app: string,
): { text: string; template: { kind: string; values: Record<string, string> } } {
  return templatedSms(notice.kind, language, {
    app,
    amount: notice.amount === null ? undefined : formatPeso(notice.amount),
    due: notice.amountDue === null ? undefined : formatPeso(notice.amountDue),
  });
}

export interface NoticeTextDeps {
  db: Database;
  clock: Clock;
  jobs: Jobs;
  sms: SmsProvider;
  appNameOf: (packageName: string) => string;
}

/** Texts one notice, once, to the borrower's own number; never in the quiet hours. */
export async function sendNoticeText(deps: NoticeTextDeps, payload: { noticeId: string }): Promise<void> {
  const now = deps.clock.now();
  const sendAt = reminderSendTime(now);
  if (sendAt.getTime() !== now.getTime()) {
    // Due in the quiet hours (a clock moved, a retry): wait for the morning.
    await deps.db.transaction((tx) =>
      deps.jobs.enqueue(tx, BORROWER_NOTICE_SMS_JOB, payload, sendAt.getTime() - now.getTime()),
    );
    return;
  }
  // Marked sent first, then sent: a failed send is not retried into a second copy.
  const [row] = await deps.db.query<{
    kind: BorrowerNoticeKind;
    amount: string | number | null;
    amount_due: string | number | null;
    language: string;
    mobile: string;
    package_name: string;
  }>(
    `update borrower_notices n set sms_sent_at = $2
     from users u, loan_orders o
     where n.notice_id = $1 and n.sms_due_at is not null and n.sms_sent_at is null
       and u.user_id = n.user_id and o.order_id = n.order_id
     returning n.kind, n.amount, n.amount_due, n.language, u.mobile, o.package_name`,
    [payload.noticeId, now.toISOString()],
  );
  if (!row) return;
  const words = noticeText(
    {
      kind: row.kind,
      amount: row.amount === null ? null : Number(row.amount),
      amountDue: row.amount_due === null ? null : Number(row.amount_due),
    },
    parseLanguage(row.language),
    deps.appNameOf(row.package_name),
  );
  await deps.sms.send(row.mobile, words.text, {
    purpose: BORROWER_NOTICE_SMS_PURPOSE,
    template: words.template,
    packageName: row.package_name,
  });
}
