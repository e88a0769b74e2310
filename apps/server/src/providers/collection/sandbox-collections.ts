import { randomInt, randomUUID } from 'node:crypto';
import type { CollectionEvent } from '@hiram/contract/api/repayment';
import { SANDBOX_CHECKOUT_PATH } from '@hiram/contract/api/routes';
import type { ChannelId } from '@hiram/contract/repayment';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { addDays, manilaDay } from '../../domain/servicing-rules.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookSignature } from '../../domain/webhook-signature.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { SettlementLine } from '../settlement-report.ts';
import type {
  CollectionProvider,
  InstrumentRequest,
  IssuedInstrument,
  StandingReference,
} from './collection-provider.ts';

/**
 * The sandbox collections provider (GUIDE section 7; docs/providers.md). It issues what a real provider
 * would: a hosted checkout page on our server (/sandbox/checkout/<id>, Pay or Cancel), 13-digit counter and
 * bills-pay references, 16-digit virtual accounts, and bank-transfer details. Nobody pays a sandbox code
 * at a real counter, so a development endpoint plays the cashier (POST /dev/collections/pay). Either way
 * the result arrives later, after SANDBOX_DELAY_MS, as a signed callback posted through the whole HTTP
 * stack to /callback/razorpay/repayResult, exactly as the real service would.
 */
export const SANDBOX_COLLECTION_JOB = 'sandbox-collection-result';
export const SANDBOX_BANK_NAME = 'Sandbox Bank';
/** The lender's collection account at the sandbox bank: bank transfers name it with their reference. */
export const SANDBOX_COLLECTION_ACCOUNT = '009100200300';

/**
 * The sandbox's fees, as Philippine collection services charge them: a percentage on a hosted checkout
 * (cards, e-wallets), a flat fee per counter payment or transfer. Kept on each settlement when it is taken.
 */
export const SANDBOX_CHECKOUT_FEE_BASIS_POINTS = 250;
export const SANDBOX_FLAT_FEE: Record<string, number> = {
  reference: 1500,
  virtualAccount: 1000,
  bankTransfer: 1000,
};
/** Payments settle the next day unless a test or a developer says otherwise. */
export const SANDBOX_SETTLE_AFTER_DAYS = 1;

export function sandboxCollectionFee(kind: string, amount: number): number {
  if (kind === 'checkout') return Math.round((amount * SANDBOX_CHECKOUT_FEE_BASIS_POINTS) / 10_000);
  return Math.min(amount, SANDBOX_FLAT_FEE[kind] ?? 0);
}

/**
 * How the sandbox misbehaves on purpose, as real providers do now and then, so reconciliation can be seen
 * at work: a callback that never arrives, a payment settled days late, a settlement of another amount.
 */
export interface SettlementControls {
  /** lost: the provider takes the money and never tells us (its callback gave up). */
  callback?: 'sent' | 'lost';
  /** Days after the payment that it appears in a settlement report (default 1). */
  settleAfterDays?: number;
  /** What the report says was settled, when it differs from what the callback said. */
  settledAmount?: number;
}

/** The job carries ids and the result only. */
interface ResultJob {
  eventId: string;
  instrumentId: string;
  packageName: string;
  outcome: CollectionEvent['outcome'];
  amount: number;
}

export interface SandboxCollectionsOptions {
  delayMs: number;
  secret: string;
  /** The address borrowers reach the server at (PUBLIC_URL): the checkout page lives there. */
  publicUrl: string;
  /** Posts a signed callback to a brand's callback path; throws unless it was accepted (the job retries). */
  deliver(packageName: string, rawBody: string, headers: Record<string, string>): Promise<void>;
}

export interface SandboxInstrument {
  instrumentId: string;
  packageName: string;
  amount: number;
  status: string;
  expiresAt: Date;
  returnUrl: string | null;
  channel: string;
  kind: string;
  /** What the provider already took on it (one settlement per one-time instrument), or null. */
  settled: 'paid' | 'failed' | null;
  /** The loan's standing account number: it takes any number of payments (ADR 0047). */
  standing: boolean;
}

function digits(count: number): string {
  let text = String(randomInt(1, 10));
  while (text.length < count) text += String(randomInt(0, 10));
  return text;
}

export class SandboxCollections implements CollectionProvider {
  readonly name = 'sandbox';

  /** The sandbox plays every channel. */
  serves(_channel: ChannelId): boolean {
    return true;
  }

  constructor(
    private readonly db: Database,
    private readonly jobs: Jobs,
    private readonly clock: Clock,
    private readonly options: SandboxCollectionsOptions,
  ) {
    jobs.handle(SANDBOX_COLLECTION_JOB, (payload) => this.deliverResult(payload as ResultJob));
  }

  async issue(_tx: Queryable, request: InstrumentRequest): Promise<IssuedInstrument> {
    const none = { accountNumber: null, bankName: null, accountName: null, checkoutUrl: null };
    switch (request.kind) {
      case 'checkout':
        return {
          ...none,
          reference: `CO${digits(11)}`,
          checkoutUrl: `${this.options.publicUrl}${SANDBOX_CHECKOUT_PATH}/${request.instrumentId}`,
        };
      case 'reference':
        return { ...none, reference: digits(13) };
      case 'virtualAccount': {
        const accountNumber = `8800${digits(12)}`;
        return {
          ...none,
          reference: accountNumber,
          accountNumber,
          bankName: SANDBOX_BANK_NAME,
          accountName: request.payeeName,
        };
      }
      case 'bankTransfer':
        return {
          ...none,
          reference: `BT${digits(10)}`,
          accountNumber: SANDBOX_COLLECTION_ACCOUNT,
          bankName: SANDBOX_BANK_NAME,
          accountName: request.payeeName,
        };
    }
  }

  /** The loan's standing account number at the sandbox bank (ADR 0047): paid at the cashier like any other. */
  async issueStandingReference(
    _referenceId: string,
    request: { payeeName: string; packageName: string },
  ): Promise<StandingReference> {
    const accountNumber = `8899${digits(12)}`;
    return {
      reference: accountNumber,
      accountNumber,
      bankName: SANDBOX_BANK_NAME,
      accountName: request.payeeName,
    };
  }

  /** An instrument as the provider knows it, by id, reference or virtual account number. */
  async find(key: string): Promise<SandboxInstrument | null> {
    const [row] = await this.db.query<{
      instrument_id: string;
      package_name: string;
      amount: string | number;
      status: string;
      expires_at: Date | string;
      return_url: string | null;
      channel: string;
      kind: string;
      settled: 'paid' | 'failed' | null;
      standing: boolean;
    }>(
      `select i.instrument_id, o.package_name, i.amount, i.status, i.expires_at, i.return_url, i.channel, i.kind,
         s.outcome as settled, i.standing
       from collection_instruments i join loan_orders o on o.order_id = i.order_id
       left join sandbox_collection_settlements s on s.instrument_id = i.instrument_id and not s.standing
       where i.reference = $1 or i.instrument_id::text = $1`,
      [key.replace(/\s+/g, '')],
    );
    if (!row) return null;
    return {
      instrumentId: row.instrument_id,
      packageName: row.package_name,
      amount: Number(row.amount),
      status: row.status,
      expiresAt: new Date(row.expires_at),
      returnUrl: row.return_url,
      channel: row.channel,
      kind: row.kind,
      settled: row.settled,
      standing: row.standing,
    };
  }

  /** Whether the provider still takes money on it: open, not settled yet and within its 24 hours. */
  isPayable(instrument: SandboxInstrument): boolean {
    // A standing account number takes money whenever it comes, as a bank account does.
    if (instrument.standing) return true;
    return (
      instrument.status === 'open' && instrument.settled === null && instrument.expiresAt > this.clock.now()
    );
  }

  /**
   * A payment (at a counter, in the checkout page) or a cancelled checkout: the result is delivered later.
   * Refused like the real service refuses it: an unknown code 404, an expired or closed one 40930, one
   * already paid or cancelled 40933. One settlement per instrument, recorded with its result's job in one
   * transaction: of taps racing on one instrument, the first to insert wins and the others are refused.
   */
  async settle(
    key: string,
    outcome: CollectionEvent['outcome'],
    amount?: number,
    controls: SettlementControls = {},
  ): Promise<ResultJob> {
    const instrument = await this.find(key);
    if (!instrument) throw new AppError('NOT_FOUND');
    if (instrument.settled !== null) throw new AppError('PAYMENT_ALREADY_SETTLED');
    if (!this.isPayable(instrument)) throw new AppError('ORDER_TIMED_OUT');
    const job: ResultJob = {
      eventId: `sandbox-${randomUUID()}`,
      instrumentId: instrument.instrumentId,
      packageName: instrument.packageName,
      outcome,
      amount: outcome === 'paid' ? (amount ?? instrument.amount) : 0,
    };
    const now = this.clock.now();
    const paid = outcome === 'paid';
    const settledAmount = paid ? (controls.settledAmount ?? job.amount) : 0;
    const first = await this.db.transaction(async (tx) => {
      const [row] = await tx.query(
        `insert into sandbox_collection_settlements (instrument_id, event_id, outcome, amount, settled_at, fee,
           settled_amount, settles_on, standing)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (instrument_id) where not standing do nothing returning instrument_id`,
        [
          job.instrumentId,
          job.eventId,
          job.outcome,
          job.amount,
          now.toISOString(),
          paid ? sandboxCollectionFee(instrument.kind, settledAmount) : 0,
          settledAmount,
          paid ? addDays(manilaDay(now), controls.settleAfterDays ?? SANDBOX_SETTLE_AFTER_DAYS) : null,
          instrument.standing,
        ],
      );
      if (!row) return false;
      if (controls.callback !== 'lost')
        await this.jobs.enqueue(tx, SANDBOX_COLLECTION_JOB, job, this.options.delayMs);
      return true;
    });
    if (!first) throw new AppError('PAYMENT_ALREADY_SETTLED');
    this.jobs.wake();
    return job;
  }

  /** The payments that settled on a day: gross as settled, the fee taken, the net paid to the lender. */
  async settlementReport(day: string): Promise<SettlementLine[]> {
    const rows = await this.db.query<{
      event_id: string;
      instrument_id: string;
      settled_amount: string | number;
      fee: string | number;
      settled_at: Date | string;
      package_name: string;
    }>(
      `select s.event_id, s.instrument_id, s.settled_amount, s.fee, s.settled_at, o.package_name
       from sandbox_collection_settlements s
       join collection_instruments i on i.instrument_id = s.instrument_id
       join loan_orders o on o.order_id = i.order_id
       where s.outcome = 'paid' and s.settles_on = $1
       order by s.settled_at, s.event_id`,
      [day],
    );
    return rows.map((row) => {
      const amount = Number(row.settled_amount);
      const fee = Number(row.fee);
      return {
        reference: row.event_id,
        merchantReference: row.instrument_id,
        amount,
        fee,
        net: amount - fee,
        status: 'settled',
        occurredAt: new Date(row.settled_at).toISOString(),
        packageName: row.package_name,
      };
    });
  }

  private async deliverResult(job: ResultJob): Promise<void> {
    const event: CollectionEvent = {
      eventId: job.eventId,
      instrumentId: job.instrumentId,
      outcome: job.outcome,
      amount: job.amount,
      occurredAt: this.clock.now().toISOString(),
    };
    const rawBody = JSON.stringify(event);
    // Signed when sent, not when queued: a retried delivery carries a fresh timestamp, the same event id.
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    await this.options.deliver(job.packageName, rawBody, {
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: webhookSignature(this.options.secret, timestamp, rawBody),
    });
  }
}
