import type { Database } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import type { SmsProvider, SmsSendOptions } from './sms-provider.ts';

export interface OutboxMessage {
  messageId: number;
  mobile: string;
  text: string;
  purpose: string;
  sentAt: string;
}

/** Newest first; the outbox keeps at most this many per number in an answer. */
const OUTBOX_PAGE = 50;

/** Sends nothing: every message lands in `sms_outbox`, listed by `GET /dev/sms` for developers and tests. */
export class SandboxSms implements SmsProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async send(to: string, text: string, options: SmsSendOptions): Promise<void> {
    await this.db.query(
      `insert into sms_outbox (mobile, body, purpose, provider, created_at, template)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        to,
        text,
        options.purpose,
        this.name,
        this.clock.now().toISOString(),
        options.template ? JSON.stringify(options.template) : null,
      ],
    );
  }

  async outbox(mobile: string): Promise<OutboxMessage[]> {
    const rows = await this.db.query<{
      message_id: number;
      mobile: string;
      body: string;
      purpose: string;
      created_at: Date;
    }>(
      `select message_id, mobile, body, purpose, created_at from sms_outbox
       where mobile = $1 order by message_id desc limit ${OUTBOX_PAGE}`,
      [mobile],
    );
    return rows.map((r) => ({
      messageId: r.message_id,
      mobile: r.mobile,
      text: r.body,
      purpose: r.purpose,
      sentAt: r.created_at.toISOString(),
    }));
  }
}
