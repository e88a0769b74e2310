import type { PaymentInstrument } from '@hiram/contract/api/repayment';
import type { ExtensionData, ExtensionOrder } from '@hiram/contract/api/servicing';
import type { LoanMoney } from '@hiram/contract/ops/approvals';
import type { ChannelId } from '@hiram/contract/repayment';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import type { StatementJournal } from '../../domain/loan-statement.ts';
import type { ReminderKind } from '../../domain/servicing-rules.ts';
import type { Brand } from '../../plugins/infra/brands.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import type { CollectionCases } from '../collection-cases/cases.ts';
import type { Collections } from '../collections/collections.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { LoanOrders } from '../loans/loan-orders.ts';
import type { CreditLines } from '../risk/credit-lines.ts';
import { runDaily, scheduleDailyRun, serviceOrder } from './daily-run.ts';
import { documentFacts, type LoanFacts } from './document-facts.ts';
import {
  confirmExtension,
  creditExtension,
  type ExtensionCredit,
  expireExtensionOrders,
  extensionData,
  extensionOrder,
  payExtension,
} from './extensions.ts';
import {
  loanMoney,
  manualCreditHandler,
  reverseCreditHandler,
  waivePenaltyHandler,
  writeOffHandler,
} from './loan-adjustments.ts';
import { lockOrder, ownOrder, type ServicedOrder } from './loan-position.ts';
import { sendReminder } from './reminders.ts';
import { creditRepayment, finishIfPaid } from './repayment.ts';
import type { ServicingDeps } from './servicing-deps.ts';

/**
 * Loan servicing (issue "Repayment"): the due date of a disbursed loan, the daily run in Manila time that
 * accrues penalties on the overdue amount up to the total-cost cap and moves the loan to overdue, the
 * reminders (borrower only, never in the quiet hours, each once), and the extension: priced, confirmed as a
 * payable order, and applied when a collection for it is credited (`creditExtension`, the hook the
 * collections side calls inside its own transaction). The work lives beside this file, one module per job
 * (daily-run, penalties, reminders, extensions, repayment, document-facts, loan-position); this class is the
 * service the routes, the jobs and the other services call.
 */
export class Servicing {
  /** Read by the capabilities built on servicing (hardship, ADR 0077). */
  readonly deps: ServicingDeps;

  constructor(
    db: Database,
    clock: Clock,
    jobs: Jobs,
    ledger: Ledger,
    loanOrders: LoanOrders,
    sms: SmsProvider,
    appNameOf: (packageName: string) => string,
    collections: Collections,
    log: FastifyBaseLogger,
    creditLines: CreditLines,
    collectionCases: CollectionCases,
  ) {
    this.deps = {
      db,
      clock,
      jobs,
      ledger,
      loanOrders,
      sms,
      appNameOf,
      collections,
      log,
      creditLines,
      collectionCases,
    };
    collections.onExtensionCredited(async (tx, credited) => {
      const result = await this.creditExtension(tx, credited);
      return { journalId: result.journalId };
    });
  }

  /** Queues the next daily run unless it is queued already (every process calls this at start). */
  scheduleDailyRun(db: Queryable = this.deps.db): Promise<void> {
    return scheduleDailyRun(this.deps, db);
  }

  runDaily(): Promise<void> {
    return runDaily(this.deps);
  }

  serviceOrder(orderId: string): Promise<void> {
    return serviceOrder(this.deps, orderId);
  }

  sendReminder(payload: { orderId: string; kind: ReminderKind; dueDate: string }): Promise<void> {
    return sendReminder(this.deps, payload);
  }

  extensionData(userId: string, orderId: string): Promise<ExtensionData> {
    return extensionData(this.deps, userId, orderId);
  }

  confirmExtension(userId: string, orderId: string): Promise<ExtensionOrder> {
    return confirmExtension(this.deps, userId, orderId);
  }

  extensionOrder(userId: string, extensionId: string, db: Queryable = this.deps.db): Promise<ExtensionOrder> {
    return extensionOrder(this.deps, userId, extensionId, db);
  }

  creditExtension(
    tx: Queryable,
    credited: ExtensionCredit,
  ): Promise<{ applied: boolean; orderId: string; journalId: string | null }> {
    return creditExtension(this.deps, tx, credited);
  }

  payExtension(
    userId: string,
    brand: Brand,
    extensionId: string,
    channel: ChannelId,
  ): Promise<PaymentInstrument | null> {
    return payExtension(this.deps, userId, brand, extensionId, channel);
  }

  creditRepayment(
    tx: Queryable,
    order: ServicedOrder,
    amount: number,
    idempotencyKey: string,
    memo: string,
  ): Promise<{ journalId: string; posted: boolean }> {
    return creditRepayment(this.deps, tx, order, amount, idempotencyKey, memo);
  }

  finishIfPaid(tx: Queryable, orderId: string): Promise<void> {
    return finishIfPaid(this.deps, tx, orderId);
  }

  documentFacts(
    userId: string,
    orderId: string,
    brand: Brand,
    finishedOnly: boolean,
  ): Promise<{ facts: LoanFacts; journals: StatementJournal[] }> {
    return documentFacts(this.deps, userId, orderId, brand, finishedOnly);
  }

  expireExtensionOrders(): Promise<void> {
    return expireExtensionOrders(this.deps);
  }

  lockOrder(tx: Queryable, orderId: string): Promise<ServicedOrder | null> {
    return lockOrder(tx, orderId);
  }

  ownOrder(db: Queryable, userId: string, orderId: string, lock: boolean): Promise<ServicedOrder> {
    return ownOrder(db, userId, orderId, lock);
  }

  /** The loan's money actions under maker-checker (ADR 0028), for `approvals.register`. */
  moneyActionHandlers() {
    return {
      reverseCredit: reverseCreditHandler(this.deps),
      waivePenalty: waivePenaltyHandler(this.deps),
      manualCredit: manualCreditHandler(this.deps),
      writeOff: writeOffHandler(this.deps),
    };
  }

  /** A loan's balances and credited payments, for the forms proposing its money actions. */
  loanMoney(orderId: string, brandScope: string | null): Promise<LoanMoney> {
    return loanMoney(this.deps, orderId, brandScope);
  }
}
