import type { ChannelId } from '@hiram/contract/repayment';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { createOutboundClient, type OutboundOptions } from '../outbound.ts';
import type { SettlementLine } from '../settlement-report.ts';
import type {
  CollectionProvider,
  InstrumentRequest,
  IssuedInstrument,
  StandingReference,
} from './collection-provider.ts';
import type { CollectionWebhooks } from './collection-webhooks.ts';
import type { CollectionKeys } from './collections-config.ts';
import { PaymongoCollections } from './paymongo-collections.ts';
import { XenditCollections } from './xendit-collections.ts';

/**
 * The real collections of COLLECTIONS_PROVIDER (ADR 0046): PayMongo for the hosted checkout channels,
 * Xendit for counter codes, transfers and the loan's standing account number, or one of them alone. Each
 * instrument goes to the one that offers its channel; a channel neither offers answers 50307. The daily
 * settlement report is both reports together: reconciliation sees one collections provider.
 */
export class RealCollections implements CollectionProvider {
  readonly name: string;

  constructor(
    readonly paymongo: PaymongoCollections | null,
    readonly xendit: XenditCollections | null,
  ) {
    this.name = [paymongo?.name, xendit?.name].filter(Boolean).join('+');
  }

  /** The providers whose webhooks the server listens to. */
  get webhooks(): CollectionWebhooks[] {
    return [this.paymongo, this.xendit].filter((p) => p !== null) as CollectionWebhooks[];
  }

  /** Each channel by the one that offers it; GCash and Maya Bills Pay by neither. */
  serves(channel: ChannelId): boolean {
    return (this.paymongo?.serves(channel) ?? false) || (this.xendit?.serves(channel) ?? false);
  }

  issue(tx: Queryable, request: InstrumentRequest): Promise<IssuedInstrument> {
    const provider = request.kind === 'checkout' ? this.paymongo : this.xendit;
    if (!provider) throw new AppError('CHANNEL_NOT_OFFERED');
    return provider.issue(tx, request);
  }

  /** The loan's one number to pay with, when the configured providers offer one (Xendit does). */
  issueStandingReference(
    referenceId: string,
    request: { payeeName: string; packageName: string },
  ): Promise<StandingReference> | null {
    return this.xendit ? this.xendit.issueStandingReference(referenceId, request) : null;
  }

  async settlementReport(day: string): Promise<SettlementLine[]> {
    const reports = await Promise.all(
      [this.paymongo, this.xendit].map((provider) => provider?.settlementReport(day) ?? []),
    );
    return reports.flat();
  }
}

/** The clients' limits: a borrower waits for a code at most about 3 × 8 s before the clear 50306. */
const CLIENT_OPTIONS: Partial<OutboundOptions> = { timeoutMs: 8_000, maxAttempts: 3 };

export function createRealCollections(
  keys: CollectionKeys,
  options: Partial<OutboundOptions> = {},
): RealCollections {
  const client = (provider: string) => createOutboundClient({ ...CLIENT_OPTIONS, ...options, provider });
  return new RealCollections(
    keys.paymongo && new PaymongoCollections(keys.paymongo, client('paymongo')),
    keys.xendit && new XenditCollections(keys.xendit, client('xendit-collections')),
  );
}
