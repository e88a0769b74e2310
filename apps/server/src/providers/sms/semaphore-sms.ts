import type { Database } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import { createOutboundClient, type OutboundClient, type OutboundOptions } from '../outbound.ts';
import type { SmsProvider, SmsSendOptions, SmsStatus } from './sms-provider.ts';

/**
 * Semaphore (semaphore.co), the common Philippine SMS gateway (ADR 0045; docs/providers.md). Its API v4:
 *
 * - `POST /api/v4/messages` (the normal queue) and `POST /api/v4/priority` (bypasses the queue, for codes),
 *   form fields `apikey`, `number`, `message`, `sendername`; the answer is a JSON array with one object per
 *   recipient: `message_id`, `status` (`Queued`, `Pending`, `Sent`, `Failed`, `Refunded`)...
 * - `GET /api/v4/messages/{id}?apikey=`: the message as it stands now. Semaphore has no delivery callback,
 *   so the status is asked for (a job per message, a few times) until it is final.
 * - `GET /api/v4/account?apikey=`: the account, for the start-up key check.
 * - Rate limits answer 429 with Retry-After; a wrong key answers 401 or 403; a refused field answers an
 *   object of messages per field (`{"number": ["The number format is invalid."]}`) instead of the array,
 *   with status 200. An account out of credits answers 500 with an array of one sentence ("Your current
 *   balance of 0 credits is not sufficient…"), one without an approved sender name 500 with
 *   `[{"senderName": "No active sender name found…"}]`: the lender's to fix, not an outage.
 *
 * A send is never repeated by the outbound client (Semaphore takes no idempotency key: a retry could send
 * twice); the status requests are. Neither the text nor the number reaches a log: a refusal names the
 * fields at fault only. The outbox keeps the number, the purpose and the status, never the text (it holds
 * codes).
 */
export const SEMAPHORE_STATUS_JOB = 'semaphore-sms-status';
/** When the status is first asked for, then each later time (doubled), and how many times at most. */
export const STATUS_FIRST_CHECK_MS = 60_000;
export const STATUS_MAX_CHECKS = 6;

export interface SemaphoreOptions {
  apiKey: string;
  baseUrl: string;
  /** The brand's SMS sender name from the back office; none: the account's default (`SEMAPHORE`). */
  senderNameOf(packageName: string): string | undefined;
  outbound?: Partial<OutboundOptions>;
}

interface SemaphoreMessage {
  message_id: number | string;
  status?: string;
}

/** Semaphore's status words, as the back office shows them. */
export function semaphoreStatus(status: string | undefined): SmsStatus {
  switch ((status ?? '').toLowerCase()) {
    case 'sent':
      return 'sent';
    case 'failed':
    case 'refunded':
      return 'failed';
    default:
      // Queued, Pending, or a word Semaphore adds later: not final.
      return 'queued';
  }
}

/** Semaphore takes local numbers (09XXXXXXXXX or 639XXXXXXXXX); ours are E.164 (+639XXXXXXXXX). */
export function semaphoreNumber(e164: string): string {
  return e164.replace(/^\+/, '');
}

export class SemaphoreSms implements SmsProvider {
  readonly name = 'semaphore';
  private readonly client: OutboundClient;

  constructor(
    private readonly db: Database,
    private readonly jobs: Jobs,
    private readonly clock: Clock,
    private readonly options: SemaphoreOptions,
  ) {
    this.client = createOutboundClient({
      provider: 'semaphore',
      timeoutMs: 10_000,
      // The breaker's cool-down runs on the services' clock, like every other time here.
      now: () => clock.now().getTime(),
      ...options.outbound,
    });
    jobs.handle(SEMAPHORE_STATUS_JOB, (payload) => this.checkStatus(payload as StatusJob));
  }

  async send(to: string, text: string, options: SmsSendOptions): Promise<void> {
    const form = new URLSearchParams({
      apikey: this.options.apiKey,
      number: semaphoreNumber(to),
      message: text,
    });
    const sender = options.packageName ? this.options.senderNameOf(options.packageName)?.trim() : undefined;
    if (sender) form.set('sendername', sender);
    const response = await this.client.send({
      method: 'POST',
      url: `${this.options.baseUrl}/api/v4/${options.urgent ? 'priority' : 'messages'}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      retryable: false,
      isAnswer: (_status, body) => semaphoreRefusal(body) !== null,
    });
    const message = acceptedMessage(response.status, response.body);
    const now = this.clock.now().toISOString();
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ message_id: number }>(
        // No body (it may carry a code); the template of a text that carries none, for the borrower's inbox
        // (ADR 0041).
        `insert into sms_outbox (mobile, body, purpose, provider, status, provider_message_id, created_at, template)
         values ($1, '', $2, $3, $4, $5, $6, $7) returning message_id`,
        [
          to,
          options.purpose,
          this.name,
          semaphoreStatus(message.status),
          String(message.message_id),
          now,
          options.template ? JSON.stringify(options.template) : null,
        ],
      );
      if (row && semaphoreStatus(message.status) === 'queued') {
        await this.jobs.enqueue(
          tx,
          SEMAPHORE_STATUS_JOB,
          { messageId: row.message_id, check: 1 },
          STATUS_FIRST_CHECK_MS,
        );
      }
    });
    this.jobs.wake();
  }

  /** Asks Semaphore how a message stands; asks again later while it is not final. */
  async checkStatus({ messageId, check }: StatusJob): Promise<void> {
    const [row] = await this.db.query<{ provider_message_id: string | null; status: string }>(
      'select provider_message_id, status from sms_outbox where message_id = $1',
      [messageId],
    );
    if (!row?.provider_message_id || row.status !== 'queued') return;
    const url = new URL(
      `${this.options.baseUrl}/api/v4/messages/${encodeURIComponent(row.provider_message_id)}`,
    );
    url.searchParams.set('apikey', this.options.apiKey);
    const response = await this.client.send({ method: 'GET', url: url.toString(), retryable: true });
    if (response.status !== 200) throw new Error(`Semaphore answered ${response.status} to a status request`);
    const [message] = parseMessages(response.body);
    const status = semaphoreStatus(message?.status);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `update sms_outbox set status = $2, status_checked_at = $3 where message_id = $1 and status = 'queued'`,
        [messageId, status, this.clock.now().toISOString()],
      );
      if (status === 'queued' && check < STATUS_MAX_CHECKS) {
        await this.jobs.enqueue(
          tx,
          SEMAPHORE_STATUS_JOB,
          { messageId, check: check + 1 },
          STATUS_FIRST_CHECK_MS * 2 ** check,
        );
      }
    });
  }

  /** Whether Semaphore takes our key: a refused key stops the start, naming the setting. */
  async checkCredentials(): Promise<'valid' | 'refused'> {
    const url = new URL(`${this.options.baseUrl}/api/v4/account`);
    url.searchParams.set('apikey', this.options.apiKey);
    const response = await this.client.send({ method: 'GET', url: url.toString(), retryable: true });
    return response.status === 401 || response.status === 403 ? 'refused' : 'valid';
  }
}

interface StatusJob {
  messageId: number;
  check: number;
}

function parseMessages(body: string): SemaphoreMessage[] {
  try {
    const parsed: unknown = JSON.parse(body);
    if (Array.isArray(parsed)) return parsed.filter(isMessage);
    if (isMessage(parsed)) return [parsed];
  } catch {
    // Not JSON: treated as no message.
  }
  return [];
}

function isMessage(value: unknown): value is SemaphoreMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'message_id' in value &&
    (typeof value.message_id === 'number' || typeof value.message_id === 'string')
  );
}

/**
 * The message Semaphore took, or our error: a refused key (401, 403) or a refused field is ours to fix, not
 * the borrower's; the borrower reads that the message could not be sent, operations read which field.
 */
function acceptedMessage(status: number, body: string): SemaphoreMessage {
  const [message] = status === 200 ? parseMessages(body) : [];
  if (message) return message;
  const reason = status >= 500 ? semaphoreRefusal(body) : null;
  throw new AppError('SMS_NOT_SENT', {
    log: { provider: 'semaphore', status, refused: refusedFields(body), ...(reason ? { reason } : {}) },
  });
}

/**
 * What Semaphore's 500 says when it is a refusal of the account rather than an outage: out of credits,
 * or no approved sender name. Null for anything else (a real server error, retried and counted).
 */
export function semaphoreRefusal(body: string): 'insufficientCredits' | 'noSenderName' | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const text = JSON.stringify(parsed).toLowerCase();
  if (text.includes('credits')) return 'insufficientCredits';
  if (text.includes('sendername') || text.includes('sender name')) return 'noSenderName';
  return null;
}

/** The names of the fields Semaphore refused (never their values: they hold the number and the text). */
export function refusedFields(body: string): string[] {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return Object.keys(parsed).slice(0, 10);
    // `[{"senderName": "…"}]`: the keys of the objects in the array.
    if (Array.isArray(parsed))
      return parsed
        .flatMap((item) => (item && typeof item === 'object' ? Object.keys(item) : []))
        .slice(0, 10);
  } catch {
    // A plain-text refusal ("Unauthorized"): no field to name.
  }
  return [];
}
