import { PAYOUT_INSTITUTIONS } from '@hiram/contract/banks';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import { addDays, manilaTime } from '../../domain/servicing-rules.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import { createOutboundClient, type OutboundClient, type OutboundOptions } from '../outbound.ts';
import type { SettlementLine } from '../settlement-report.ts';
import type {
  AccountCheckRequest,
  AccountCheckResult,
  PayoutProvider,
  PayoutRequest,
  PayoutResultEvent,
} from './payout-provider.ts';

/**
 * Xendit Payouts v2 (docs.xendit.co, "Payouts"; ADR 0044, docs/providers.md): pays Philippine banks over
 * InstaPay (up to ₱50,000, about 15 minutes) or PESONet, and e-wallets, from the lender's Xendit balance.
 *
 * - `POST /v2/payouts` with HTTP Basic (the secret key as user name) and `Idempotency-key`: our payout id,
 *   also sent as `reference_id`. Xendit makes one payout per key: a repeated request (our retried job, the
 *   outbound client's retry after a timeout) answers DUPLICATE_TRANSACTION_ERROR or the same payout, never a
 *   second transfer. The amount is in pesos with centavos (we keep integer centavos and divide once here).
 * - The result comes to our webhook (routes/webhooks/xendit-payouts.ts) with `x-callback-token`, the
 *   Verification Token of the dashboard: `payout.succeeded`, `payout.failed` (with `failure_code`),
 *   `payout.reversed`.
 * - `GET /transactions?types=DISBURSEMENT` lists the day's money-out transactions with Xendit's fee, for
 *   the daily reconciliation.
 *
 * Xendit's Payouts v2 offers no check of an account holder's name before a transfer for the Philippines:
 * an account check is answered `verified` once our own format check passed (payout-accounts), and a wrong
 * account fails at the transfer, as `accountRejected`, into the back office's failed-payout queue.
 */
export const XENDIT_ACCOUNT_CHECK_JOB = 'xendit-payout-check';

/**
 * Our institution codes as Xendit's channel codes (`PH_` + Xendit's bank code). Xendit's coverage page
 * publishes its list only as an embedded table, so the codes were checked against open-source Xendit
 * clients (docs/providers.md, "What was confirmed"); Xendit lists its channels at
 * `GET /payouts_channels?currency=PHP` and the start-up check names any of ours it does not list.
 */
export const XENDIT_CHANNELS: Readonly<Record<string, string>> = {
  '90005': 'PH_GCASH',
  '90003': 'PH_PAYMAYA',
  '80067': 'PH_COINS',
  '90002': 'PH_GRABPAY',
  BDO: 'PH_BDO',
  BPI: 'PH_BPI',
  MBTC: 'PH_MET',
  LBP: 'PH_LBP',
  PNB: 'PH_PNB',
  SECB: 'PH_SEC',
  UBP: 'PH_UBP',
  RCBC: 'PH_RCBC',
  CBC: 'PH_CBC',
  EWB: 'PH_EWB',
  DBP: 'PH_DBP',
  AUB: 'PH_AUB',
  PBCOM: 'PH_PBC',
  MAYBANK: 'PH_MPI',
  BOC: 'PH_BOC',
  PVB: 'PH_PVB',
  PBB: 'PH_PBB',
  HSBC: 'PH_HSBC',
  PSB: 'PH_PSB',
  CBS: 'PH_CBS',
  BDONB: 'PH_ONB',
  SBA: 'PH_SBA',
  CITYSTATE: 'PH_CSB',
  CARDBANK: 'PH_CRD',
  MAYABANK: 'PH_MAYA',
  GOTYME: 'PH_GOTYME',
  SEABANK: 'PH_SEA',
  CIMB: 'PH_CIMB',
  TONIK: 'PH_TONIK',
  UNOBANK: 'PH_UNOBANK',
  OFB: 'PH_OFB',
};

/** Xendit's failure codes that say the destination account is wrong: the borrower must give another. */
const DESTINATION_FAILURES = new Set([
  'INVALID_DESTINATION',
  'RECIPIENT_ACCOUNT_NUMBER_ERROR',
  'RECIPIENT_NOT_FOUND',
  'REJECTED_BY_CHANNEL',
  'DESTINATION_MAXIMUM_LIMIT',
  'CHANNEL_CODE_NOT_SUPPORTED_ERROR',
  'ACCOUNT_NOT_FOUND',
]);

/** Our failure of a Xendit failure code: the account's fault, or the provider's and the lender's own. */
export function payoutFailureOf(code: string | undefined): NonNullable<PayoutResultEvent['failure']> {
  return code && DESTINATION_FAILURES.has(code) ? 'accountRejected' : 'providerRejected';
}

/** Pesos with centavos on Xendit's wire, integer centavos here. */
export function centavosOf(pesos: number): number {
  return Math.round(pesos * 100);
}

export interface XenditPayoutOptions {
  secretKey: string;
  baseUrl: string;
  /** Where an account check's answer goes: PayoutAccounts.applyVerification. */
  deliver(result: AccountCheckResult): Promise<void>;
  /** Where a transfer Xendit refused at once goes: Disbursements.applyResult, as a failed result. */
  deliverResult(event: PayoutResultEvent): Promise<void>;
  outbound?: Partial<OutboundOptions>;
}

interface XenditError {
  error_code?: string;
  message?: string;
}

interface XenditTransaction {
  product_id?: string;
  reference_id?: string;
  type?: string;
  status?: string;
  amount?: number;
  fee?: { xendit_fee?: number; value_added_tax?: number };
  created?: string;
}

export class XenditPayout implements PayoutProvider {
  readonly name = 'xendit';
  /** InstaPay's usual time: the lending screen's countdown. */
  readonly expectedPayoutSeconds = 15 * 60;
  private readonly client: OutboundClient;

  constructor(
    private readonly db: Database,
    private readonly jobs: Jobs,
    private readonly options: XenditPayoutOptions,
    private readonly clock: Clock,
  ) {
    this.client = createOutboundClient({
      provider: 'xendit',
      timeoutMs: 15_000,
      // The breaker's cool-down runs on the services' clock, like every other time here.
      now: () => clock.now().getTime(),
      ...options.outbound,
    });
    jobs.handle(XENDIT_ACCOUNT_CHECK_JOB, (payload) =>
      this.answerCheck(payload as { verificationId: string }),
    );
  }

  private get authorization(): string {
    return `Basic ${Buffer.from(`${this.options.secretKey}:`).toString('base64')}`;
  }

  /** Answered by a job, after the caller's commit, as every provider answers: see the class comment. */
  requestAccountCheck(tx: Queryable, request: AccountCheckRequest): Promise<void> {
    return this.jobs.enqueue(tx, XENDIT_ACCOUNT_CHECK_JOB, { verificationId: request.verificationId });
  }

  private async answerCheck({ verificationId }: { verificationId: string }): Promise<void> {
    const [account] = await this.db.query<{ bank_code: string }>(
      'select bank_code from payout_accounts where verification_id = $1',
      [verificationId],
    );
    if (!account) return;
    await this.options.deliver({
      eventId: `xendit-check-${verificationId}`,
      verificationId,
      outcome: 'verified',
    });
  }

  async requestPayout(request: PayoutRequest): Promise<void> {
    const channel = XENDIT_CHANNELS[request.bankCode];
    if (!channel) {
      await this.refused(request, 'CHANNEL_CODE_NOT_SUPPORTED_ERROR');
      return;
    }
    const response = await this.client.send({
      method: 'POST',
      url: `${this.options.baseUrl}/v2/payouts`,
      headers: {
        authorization: this.authorization,
        'content-type': 'application/json',
        'idempotency-key': request.payoutId,
      },
      body: JSON.stringify({
        reference_id: request.payoutId,
        channel_code: channel,
        channel_properties: {
          account_number: request.accountNumber,
          account_holder_name: request.holderName,
        },
        amount: request.amount / 100,
        currency: 'PHP',
        description: 'Loan proceeds',
      }),
      // Safe: the idempotency key makes a repeat the same payout.
      retryable: true,
    });
    if (response.status === 200 || response.status === 201) return;
    const error = parseJson<XenditError>(response.body) ?? {};
    // Made before (a retried job or request): the transfer exists and its result will come.
    if (error.error_code === 'DUPLICATE_TRANSACTION_ERROR' || error.error_code === 'DUPLICATE_ERROR') return;
    if (response.status === 401 || response.status === 403) {
      // Our key or its permissions: nothing the borrower can change; the job retries while operations fix it.
      throw new Error(
        `Xendit refused our key (${error.error_code ?? response.status}): check XENDIT_SECRET_KEY`,
      );
    }
    await this.refused(request, error.error_code);
  }

  /** A transfer Xendit refused at once: the same path as a failed result, into the failed-payout queue. */
  private async refused(request: PayoutRequest, code: string | undefined): Promise<void> {
    await this.options.deliverResult({
      eventId: `xendit-refused-${request.payoutId}`,
      payoutId: request.payoutId,
      outcome: 'failed',
      amount: request.amount,
      failure: payoutFailureOf(code),
    });
  }

  /**
   * The day's transfers from Xendit's transactions (money out), each with Xendit's fee and VAT; a failed
   * transfer moved nothing and is listed as failed. Paged with Xendit's `after_id` links.
   */
  async settlementReport(day: string): Promise<SettlementLine[]> {
    const lines: SettlementLine[] = [];
    let afterId: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const url = new URL(`${this.options.baseUrl}/transactions`);
      url.searchParams.set('types', 'DISBURSEMENT');
      url.searchParams.set('created[gte]', manilaTime(day).toISOString());
      url.searchParams.set('created[lt]', manilaTime(addDays(day, 1)).toISOString());
      url.searchParams.set('limit', '50');
      if (afterId) url.searchParams.set('after_id', afterId);
      const response = await this.client.send({
        method: 'GET',
        url: url.toString(),
        headers: { authorization: this.authorization },
        retryable: true,
      });
      if (response.status !== 200)
        throw new Error(`Xendit answered ${response.status} to the transactions list`);
      const body = parseJson<{ data?: Array<XenditTransaction & { id?: string }>; has_more?: boolean }>(
        response.body,
      );
      const data = body?.data ?? [];
      lines.push(...(await this.linesOf(data)));
      if (!body?.has_more || data.length === 0) break;
      afterId = data.at(-1)?.id;
    }
    return lines;
  }

  private async linesOf(transactions: XenditTransaction[]): Promise<SettlementLine[]> {
    const ours = transactions.filter(
      (t) => t.reference_id && (t.status === 'SUCCESS' || t.status === 'FAILED'),
    );
    if (ours.length === 0) return [];
    const brands = await this.db.query<{ payout_id: string; package_name: string }>(
      `select p.payout_id::text as payout_id, o.package_name from payouts p
       join loan_orders o on o.order_id = p.order_id where p.payout_id::text = any($1)`,
      [ours.map((t) => t.reference_id)],
    );
    const brandOf = new Map(brands.map((b) => [b.payout_id, b.package_name]));
    return ours.flatMap((t): SettlementLine[] => {
      const packageName = brandOf.get(t.reference_id as string);
      // A payout of another system on the same Xendit account: not ours to reconcile.
      if (!packageName) return [];
      const amount = centavosOf(t.amount ?? 0);
      const paid = t.status === 'SUCCESS';
      const fee = paid ? centavosOf((t.fee?.xendit_fee ?? 0) + (t.fee?.value_added_tax ?? 0)) : 0;
      return [
        {
          reference: t.reference_id as string,
          merchantReference: t.reference_id as string,
          amount,
          fee,
          net: paid ? -(amount + fee) : 0,
          status: paid ? 'settled' : 'failed',
          occurredAt: new Date(t.created ?? this.clock.now()).toISOString(),
          packageName,
        },
      ];
    });
  }

  /**
   * Whether Xendit takes our key, and which of our institutions it lists no channel for (`GET
   * /payouts_channels?currency=PHP`): a refused key stops the start; unknown channels are warned about.
   */
  async checkCredentials(): Promise<{ verdict: 'valid' | 'refused'; missingChannels: string[] }> {
    const url = new URL(`${this.options.baseUrl}/payouts_channels`);
    url.searchParams.set('currency', 'PHP');
    const response = await this.client.send({
      method: 'GET',
      url: url.toString(),
      headers: { authorization: this.authorization },
      retryable: true,
    });
    if (response.status === 401 || response.status === 403)
      return { verdict: 'refused', missingChannels: [] };
    const listed = new Set(
      (parseJson<Array<{ channel_code?: string }>>(response.body) ?? []).map((c) => c.channel_code),
    );
    const missingChannels = PAYOUT_INSTITUTIONS.filter((i) => !listed.has(XENDIT_CHANNELS[i.code])).map(
      (i) => i.code,
    );
    return { verdict: 'valid', missingChannels };
  }
}

function parseJson<T>(body: string): T | null {
  try {
    return JSON.parse(body) as T;
  } catch {
    return null;
  }
}
