import {
  BORROWER_NOTICE_KINDS,
  type BorrowerNoticeKind,
  INBOX_SMS_PURPOSES,
  type InboxMessage,
  MESSAGES_PAGE_SIZE,
  type MessageKind,
  type MessagesPage,
} from '@hiram/contract/api/messages';
import { fillTemplate, type Language, type Localized } from '@hiram/contract/languages';
import { formatPeso } from '@hiram/contract/money';
import { PROOF_REJECT_REASONS, type ProofRejectReason } from '@hiram/contract/ops/queues';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import { isSmsTextKind, smsText } from '../../domain/sms-texts.ts';
import type { SmsTemplate } from '../../providers/sms/sms-provider.ts';
import { noticeText } from './borrower-notices.ts';

/**
 * The borrower's inbox (the `messages` screen; ADR 0041). Nothing is copied: the texts are the SMS outbox's
 * rows for the borrower's number whose purpose the contract lists (never a code), the receipts are the
 * repayment journals of the borrower's loans, so a payment shows once however it was credited (a channel,
 * a proof of payment, a bank transfer matched by finance), and a reversed one says so. Staff changes are the
 * notices written with them (`borrower_notices`, ADR 0055), shown once whether or not they were also texted.
 * Only the read mark is the inbox's own.
 */

const RECEIPT: Localized = {
  en: 'We received your payment of {amount}. Thank you! Your loan screen shows what is left to pay.',
  fil: 'Natanggap namin ang bayad mo na {amount}. Salamat! Makikita sa screen ng iyong loan ang natitirang babayaran.',
  es: 'Recibimos su pago de {amount}. ¡Gracias! La pantalla de su préstamo muestra lo que queda por pagar.',
};

/** A receipt whose payment was later taken back: it says so rather than thanking her for it. */
const RECEIPT_REVERSED: Localized = {
  en: 'We received your payment of {amount}, but it was later reversed (taken back by the bank or payment channel), so it does not count toward your loan.',
  fil: 'Natanggap namin ang bayad mo na {amount}, pero ibinalik ito kalaunan (binawi ng bangko o ng payment channel), kaya hindi ito bilang na bayad sa iyong loan.',
  es: 'Recibimos su pago de {amount}, pero luego fue revertido (el banco o el canal de pago lo retiró), así que no cuenta para su préstamo.',
};

const SMS_PURPOSES = Object.keys(INBOX_SMS_PURPOSES);
const NOTICE_KINDS: readonly string[] = BORROWER_NOTICE_KINDS;

interface MessageRow {
  message_id: string;
  purpose: string;
  body: string | null;
  template: SmsTemplate | string | null;
  amount: string | number | null;
  /** A notice: what she owed after the change. */
  amount_due: string | number | null;
  /** A receipt, or a notice of a credit: its payment was reversed since. */
  reversed: boolean;
  /** A notice: texted (or to be). */
  texted: boolean;
  /** A notice: its reason (a proof's rejection). */
  reason: string | null;
  package_name: string | null;
  sent_at: Date | string;
  /** A breach notice's texts in each language, as staff saved them (ADR 0087). */
  breach_notice: Record<string, string> | string | null;
}

/** A rejected proof's reason from the contract's list, in her language; none for anything else. */
function rejectReasonText(reason: string | null, language: Language): string | null {
  if (reason === null || !Object.hasOwn(PROOF_REJECT_REASONS, reason)) return null;
  return PROOF_REJECT_REASONS[reason as ProofRejectReason][language];
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

export class Inbox {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** The brand's app name a notice names (the borrower's loan's brand). */
    private readonly appNameOf: (packageName: string) => string = () => 'Hiram',
  ) {}

  async page(userId: string, page: number, language: Language): Promise<MessagesPage> {
    const [mark] = await this.db.query<{ read_up_to: Date | string }>(
      'select read_up_to from inbox_reads where user_id = $1',
      [userId],
    );
    const readUpTo = mark ? new Date(mark.read_up_to).getTime() : Number.NEGATIVE_INFINITY;
    // One more than a page tells whether an older page exists.
    const rows = await this.db.query<MessageRow>(
      `${this.messagesOf} order by sent_at desc, message_id desc limit $3 offset $4`,
      [userId, SMS_PURPOSES, MESSAGES_PAGE_SIZE + 1, (page - 1) * MESSAGES_PAGE_SIZE],
    );
    const [unread] = await this.db.query<{ count: string | number }>(
      `select count(*) as count from (${this.messagesOf}) m where $3::timestamptz is null or sent_at > $3`,
      [userId, SMS_PURPOSES, mark ? iso(mark.read_up_to) : null],
    );
    return {
      messages: rows.slice(0, MESSAGES_PAGE_SIZE).map((row) => this.messageOf(row, readUpTo, language)),
      page,
      hasMore: rows.length > MESSAGES_PAGE_SIZE,
      unreadCount: Number(unread?.count ?? 0),
    };
  }

  /** Moves the read mark forward to `upTo` (never past now, never back). */
  async markRead(userId: string, upTo: Date): Promise<void> {
    const now = this.clock.now();
    const mark = (upTo > now ? now : upTo).toISOString();
    await this.db.query(
      `insert into inbox_reads (user_id, read_up_to) values ($1, $2)
       on conflict (user_id) do update set read_up_to = greatest(inbox_reads.read_up_to, excluded.read_up_to)`,
      [userId, mark],
    );
  }

  /** The three sources as one list: $1 the borrower, $2 the SMS purposes shown. */
  private readonly messagesOf = `
    select 'sms-' || s.message_id as message_id, s.purpose, s.body, s.template, null::bigint as amount,
      null::bigint as amount_due, false as reversed, false as texted, null::text as reason,
      null::text as package_name,
      s.created_at as sent_at, b.borrower_notice as breach_notice
    from sms_outbox s join users u on u.mobile = s.mobile
    -- A breach notice is worded in the language she reads now, from the texts staff saved in each (ADR 0087).
    left join compliance_breaches b
      on s.purpose = 'dataBreach' and b.breach_id::text = s.template->'values'->>'breachId'
    where u.user_id = $1 and s.purpose = any($2::text[])
    union all
    select 'pay-' || j.journal_id, 'payment', null, null, e.amount, null,
      exists (select 1 from ledger_journals r where r.reverses = j.journal_id), false, null, null, j.occurred_at,
      null
    from loan_orders o
    join ledger_journals j on j.order_id = o.order_id and j.kind = 'repayment'
    join ledger_entries e on e.journal_id = j.journal_id and e.account = 'cash'
    where o.user_id = $1
      -- A payment staff credited has its notice instead, which also says what is left to pay.
      and not exists (select 1 from borrower_notices n where n.journal_id = j.journal_id)
    union all
    select 'notice-' || n.notice_id, 'notice:' || n.kind, null, null, n.amount, n.amount_due,
      n.journal_id is not null and exists (select 1 from ledger_journals r where r.reverses = n.journal_id),
      n.sms_due_at is not null, n.reason, coalesce(o.package_name, u.package_name), n.created_at, null
    from borrower_notices n join users u on u.user_id = n.user_id
    -- A notice about the borrower herself (her credit line) has no loan: her brand names the app.
    left join loan_orders o on o.order_id = n.order_id
    where n.user_id = $1`;

  private messageOf(row: MessageRow, readUpTo: number, language: Language): InboxMessage {
    const sentAt = iso(row.sent_at);
    const unread = new Date(sentAt).getTime() > readUpTo;
    if (row.purpose === 'payment') {
      return {
        messageId: row.message_id,
        kind: row.reversed ? 'paymentReceivedReversed' : 'paymentReceived',
        via: 'app',
        text: fillTemplate((row.reversed ? RECEIPT_REVERSED : RECEIPT)[language], {
          amount: formatPeso(Number(row.amount)),
        }),
        sentAt,
        unread,
      };
    }
    const noticeKind = row.purpose.startsWith('notice:') ? row.purpose.slice('notice:'.length) : null;
    if (noticeKind !== null && NOTICE_KINDS.includes(noticeKind)) {
      const kind = noticeKind as BorrowerNoticeKind;
      // A credit taken back since: no thanks for money that did not stay.
      if (row.reversed)
        return {
          messageId: row.message_id,
          kind: 'paymentReceivedReversed',
          via: row.texted ? 'sms' : 'app',
          text: fillTemplate(RECEIPT_REVERSED[language], { amount: formatPeso(Number(row.amount)) }),
          sentAt,
          unread,
        };
      const { text } = noticeText(
        {
          kind,
          amount: row.amount === null ? null : Number(row.amount),
          amountDue: row.amount_due === null ? null : Number(row.amount_due),
        },
        language,
        this.appNameOf(row.package_name ?? ''),
      );
      const reason = rejectReasonText(row.reason, language);
      return {
        messageId: row.message_id,
        kind,
        via: row.texted ? 'sms' : 'app',
        text: reason ? `${text} ${reason}.` : text,
        sentAt,
        unread,
      };
    }
    const kind: MessageKind = INBOX_SMS_PURPOSES[row.purpose as keyof typeof INBOX_SMS_PURPOSES];
    return {
      messageId: row.message_id,
      kind,
      via: 'sms',
      text: this.smsWords(row, language),
      sentAt,
      unread,
    };
  }

  /** A text in the language the borrower reads now, from what it was made of; an older row as it was sent. */
  private smsWords(row: MessageRow, language: Language): string {
    if (row.breach_notice !== null) {
      const texts: Record<string, string> =
        typeof row.breach_notice === 'string' ? JSON.parse(row.breach_notice) : row.breach_notice;
      return texts[language] ?? row.body ?? '';
    }
    const template =
      typeof row.template === 'string' ? (JSON.parse(row.template) as SmsTemplate) : row.template;
    if (!template || !isSmsTextKind(template.kind) || typeof template.values?.app !== 'string')
      return row.body ?? '';
    return smsText(template.kind, language, { ...template.values, app: template.values.app });
  }
}
