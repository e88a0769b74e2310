import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import type { CollectionCases } from '../collection-cases/cases.ts';
import type { Collections } from '../collections/collections.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { LoanOrders } from '../loans/loan-orders.ts';
import type { CreditLines } from '../risk/credit-lines.ts';

/** What every part of loan servicing works with: the Servicing service hands its own to each. */
export interface ServicingDeps {
  db: Database;
  clock: Clock;
  jobs: Jobs;
  ledger: Ledger;
  loanOrders: LoanOrders;
  sms: SmsProvider;
  appNameOf: (packageName: string) => string;
  collections: Collections;
  log: FastifyBaseLogger;
  creditLines: CreditLines;
  /** The overdue loan's collection case, kept by each daily run (ADR 0074). */
  collectionCases: CollectionCases;
}
