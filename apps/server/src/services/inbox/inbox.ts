import {
  INBOX_SMS_PURPOSES,
  type InboxMessage,
  MESSAGES_PAGE_SIZE,
  type MessageKind,
  type MessagesPage,
} from '@hiram/contract/api/messages';
import { fillTemplate, type Language, type Localized } from '@hiram/contract/languages';
import { formatPeso } from '@hiram/contract/money';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import { isSmsTextKind, smsText } from '../../domain/sms-texts.ts';
import type { SmsTemplate } from '../../providers/sms/sms-provider.ts';

/**
 * The borrower's inbox (the `messages` screen; ADR 0041). Nothing is copied: the texts are the SMS outbox's
 * rows for the borrower's number whose purpose the contract lists (never a code), the receipts are the
 * repayment journals of the borrower's loans, so a payment shows once however it was credited (a channel,
 * a proof of payment, a bank transfer matched by finance). Only the read mark is the inbox's own.
 */

const RECEIPT: Localized = {
  en: 'We received your payment of {amount}. Thank you! Your loan screen shows what is left to pay.',
  fil: 'Natanggap namin ang bayad mo na {amount}. Salamat! Makikita sa screen ng iyong loan ang natitirang babayaran.',
  es: 'Recibimos su pago de {amount}. ¡Gracias! La pantalla de su préstamo muestra lo que queda por pagar.',
};

const SMS_PURPOSES = Object.keys(INBOX_SMS_PURPOSES);

interface MessageRow {
  message_id: string;
  purpose: string;
  body: string | null;
  template: SmsTemplate | string | null;
  amount: string | number | null;
  sent_at: Date | string;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

export class Inbox {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
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

  /** Both sources as one list: $1 the borrower, $2 the SMS purposes shown. */
  private readonly messagesOf = `
    select 'sms-' || s.message_id as message_id, s.purpose, s.body, s.template, null::bigint as amount,
      s.created_at as sent_at
    from sms_outbox s join users u on u.mobile = s.mobile
    where u.user_id = $1 and s.purpose = any($2::text[])
    union all
    select 'pay-' || j.journal_id, 'payment', null, null, e.amount, j.occurred_at
    from loan_orders o
    join ledger_journals j on j.order_id = o.order_id and j.kind = 'repayment'
    join ledger_entries e on e.journal_id = j.journal_id and e.account = 'cash'
    where o.user_id = $1`;

  private messageOf(row: MessageRow, readUpTo: number, language: Language): InboxMessage {
    const sentAt = iso(row.sent_at);
    const unread = new Date(sentAt).getTime() > readUpTo;
    if (row.purpose === 'payment') {
      return {
        messageId: row.message_id,
        kind: 'paymentReceived',
        via: 'app',
        text: fillTemplate(RECEIPT[language], { amount: formatPeso(Number(row.amount)) }),
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
    const template =
      typeof row.template === 'string' ? (JSON.parse(row.template) as SmsTemplate) : row.template;
    if (!template || !isSmsTextKind(template.kind) || typeof template.values?.app !== 'string')
      return row.body ?? '';
    return smsText(template.kind, language, { ...template.values, app: template.values.app });
  }
}
