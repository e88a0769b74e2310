import { API, API_PREFIX } from '@hiram/contract/api/routes';
import { encryptPath } from '@hiram/contract/cipher';
import type { Language } from '@hiram/contract/languages';
import { COOLING_OFF_DEFAULT_DAYS } from '@hiram/contract/ops/brands';
import type { ChannelId } from '@hiram/contract/repayment';
import fp from 'fastify-plugin';
import { JOB_POLL_MS } from '../../domain/limits.ts';
import type { BureauProvider } from '../../providers/bureau/bureau-provider.ts';
import { NoBureau } from '../../providers/bureau/no-bureau.ts';
import { SANDBOX_BUREAU_MAX_LATENCY_MS, SandboxBureau } from '../../providers/bureau/sandbox-bureau.ts';
import type { CollectionProvider } from '../../providers/collection/collection-provider.ts';
import { createRealCollections, type RealCollections } from '../../providers/collection/real-collections.ts';
import { SandboxCollections } from '../../providers/collection/sandbox-collections.ts';
import type { IdentityProvider } from '../../providers/identity/identity-provider.ts';
import { SandboxIdentity } from '../../providers/identity/sandbox-identity.ts';
import type { PayoutProvider } from '../../providers/payout/payout-provider.ts';
import { SandboxPayout } from '../../providers/payout/sandbox-payout.ts';
import { XenditPayout } from '../../providers/payout/xendit-payout.ts';
import { countedSms } from '../../providers/sms/counted-sms.ts';
import { SandboxSms } from '../../providers/sms/sandbox-sms.ts';
import { SemaphoreSms } from '../../providers/sms/semaphore-sms.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import { Application } from '../../services/application/application.ts';
import { UNSUBMITTED_PURGE_JOB, UnsubmittedData } from '../../services/application/unsubmitted-data.ts';
import { Approvals } from '../../services/approvals/approvals.ts';
import { BorrowerService } from '../../services/borrowers/borrowers.ts';
import { BrandService } from '../../services/brands/brands.ts';
import { AGENCY_NOTICE_JOB, CollectionAgencies } from '../../services/collection-cases/agencies.ts';
import { CollectionCases } from '../../services/collection-cases/cases.ts';
import { Disputes } from '../../services/collection-cases/disputes.ts';
import { DUNNING_DAILY_JOB, Dunning } from '../../services/collection-cases/dunning/runner.ts';
import { paymentHolidayHandler } from '../../services/collection-cases/payment-holiday.ts';
import {
  PROMISE_CONFIRMATION_JOB,
  PROMISES_DAILY_JOB,
  Promises,
} from '../../services/collection-cases/promises.ts';
import { Hardship } from '../../services/collection-cases/restructure.ts';
import { Collections } from '../../services/collections/collections.ts';
import { Vouchers } from '../../services/collections/vouchers.ts';
import { AML_RED_FLAGS_DAILY_JOB, AmlCases } from '../../services/compliance/aml/cases.ts';
import { screeningDecideHandler } from '../../services/compliance/aml/decisions.ts';
import { redFlagRuleHandler } from '../../services/compliance/aml/red-flags.ts';
import { BREACH_NOTICE_SMS_JOB, BreachRegister } from '../../services/compliance/breaches/register.ts';
import { CALENDAR_DAILY_JOB, ComplianceCalendar } from '../../services/compliance/calendar/calendar.ts';
import { CIC_MONTH_END_JOB, CicMonthEnd } from '../../services/compliance/cic/register.ts';
import { BorrowerPrivacyRequests } from '../../services/compliance/privacy/borrower-requests.ts';
import { correctionHandler, erasureHandler } from '../../services/compliance/privacy/desk.ts';
import { PrivacyRetention, RETENTION_DAILY_JOB } from '../../services/compliance/privacy/retention.ts';
import { Identity } from '../../services/identity/identity.ts';
import { BORROWER_NOTICE_SMS_JOB, sendNoticeText } from '../../services/inbox/borrower-notices.ts';
import { Ledger } from '../../services/ledger/ledger.ts';
import { Agreements } from '../../services/loans/agreements.ts';
import { Assessment } from '../../services/loans/assessment.ts';
import { LoanBook } from '../../services/loans/loan-book.ts';
import { LoanOrders } from '../../services/loans/loan-orders.ts';
import { Referrals } from '../../services/loans/referrals.ts';
import { Coupons } from '../../services/market/coupons.ts';
import { Market } from '../../services/market/market.ts';
import { cancelUnpaidHandler } from '../../services/payouts/cancel-unpaid.ts';
import { Disbursements } from '../../services/payouts/disbursements.ts';
import { PayoutAccounts } from '../../services/payouts/payout-accounts.ts';
import { OverpaymentRefunds } from '../../services/payouts/refunds.ts';
import { Products } from '../../services/products/products.ts';
import { Queues } from '../../services/queues/queues.ts';
import { RECONCILIATION_DAILY_JOB, Reconciliation } from '../../services/reconciliation/reconciliation.ts';
import { ReportService } from '../../services/reports/reports.ts';
import { BACKTEST_JOB, Backtests } from '../../services/risk/backtest.ts';
import { BureauStep } from '../../services/risk/bureau-step.ts';
import { creditLineChangeHandler } from '../../services/risk/credit-line-change.ts';
import { CreditLines } from '../../services/risk/credit-lines.ts';
import { FraudChecks } from '../../services/risk/fraud-checks.ts';
import { FraudFingerprints } from '../../services/risk/fraud-fingerprints.ts';
import { PolicyConsole } from '../../services/risk/policy-console.ts';
import { Accounts } from '../../services/security/accounts.ts';
import { Security } from '../../services/security/security.ts';
import { Sessions } from '../../services/security/sessions.ts';
import { VerifyCodes } from '../../services/security/verify-codes.ts';
import { SERVICING_DAILY_JOB, SERVICING_ORDER_JOB } from '../../services/servicing/daily-run.ts';
import { SERVICING_REMINDER_JOB } from '../../services/servicing/reminders.ts';
import { Servicing } from '../../services/servicing/servicing.ts';
import { StaffService } from '../../services/staff/staff.ts';
import { Jobs } from './jobs.ts';
import { RateLimits } from './rate-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider;
    /** Collection agencies: registry, placements, their notices, exports and commission (ADR 0078). */
    collectionAgencies: CollectionAgencies;
    /** The sandbox provider's outbox, when SMS_PROVIDER is `sandbox`. */
    sandboxSms: SandboxSms | null;
    /** The configured SMS provider itself (not counted): what the start-up key check asks. */
    smsProvider: SmsProvider;
    sessions: Sessions;
    rateLimits: RateLimits;
    staff: StaffService;
    borrowers: BorrowerService;
    /** Maker-checker: each capability registers its kinds of change (ADR 0028). */
    approvals: Approvals;
    reports: ReportService;
    /** Products in the back office; their changes are maker-checker kinds (ADR 0032). */
    products: Products;
    /** Brands from the console: lists, logos, and their changes under maker-checker (ADR 0033). */
    brandSettings: BrandService;
    security: Security;
    jobs: Jobs;
    ledger: Ledger;
    disbursements: Disbursements;
    /** Refunds of an over-payment through the payout provider (ADR 0054). */
    refunds: OverpaymentRefunds;
    application: Application;
    loanOrders: LoanOrders;
    /** Borrowers' credit lines and the credit policy in force (ADR 0068). */
    creditLines: CreditLines;
    /** The credit policy's versions and their changes under maker-checker (ADR 0072). */
    policyConsole: PolicyConsole;
    /** Drafts of the credit policy replayed on past applications, in the background (ADR 0072). */
    backtests: Backtests;
    /** The credit-bureau step of the assessment and the consents it rests on (ADR 0071). */
    bureauStep: BureauStep;
    /** The back office's loans list and loan page (ADR 0029). */
    loanBook: LoanBook;
    agreements: Agreements;
    assessment: Assessment;
    /** The fraud and duplicate checks, and the devices they learn of at sign-in and submit (ADR 0070). */
    fraudChecks: FraudChecks;
    referrals: Referrals;
    identity: Identity;
    payoutAccounts: PayoutAccounts;
    /** The configured payout provider (PAYOUT_PROVIDER): sandbox or a real adapter. */
    payoutProvider: PayoutProvider;
    collections: Collections;
    /** The sandbox collections provider, when COLLECTIONS_PROVIDER is `sandbox` (checkout page, cashier). */
    sandboxCollections: SandboxCollections | null;
    /** PayMongo and/or Xendit, when COLLECTIONS_PROVIDER names them (their webhooks, standing references). */
    realCollections: RealCollections | null;
    coupons: Coupons;
    market: Market;
    servicing: Servicing;
    hardship: Hardship;
    vouchers: Vouchers;
    queues: Queues;
    unsubmittedData: UnsubmittedData;
    /** Retention schedules per class of data, applied by a daily job (issue 23, ADR 0082). */
    privacyRetention: PrivacyRetention;
    /** Her own privacy requests from Me → Privacy, each checked by an SMS code (issue 23, ADR 0086). */
    borrowerPrivacy: BorrowerPrivacyRequests;
    /** The CIC file of the month before, built on the 1st for every brand with a provider code (ADR 0084). */
    cicMonthEnd: CicMonthEnd;
    /** The breach register and its notices (issue 23, ADR 0087). */
    breaches: BreachRegister;
    /** Each lender's dated duties to the CIC, SEC and NPC, reminded by a daily job (ADR 0087). */
    complianceCalendar: ComplianceCalendar;
    reconciliation: Reconciliation;
    /** Dunning rules and templates, their daily run under the MC 18 guardrails (ADR 0076). */
    dunning: Dunning;
    /** Disputes on collection cases: dunning and penalties pause until resolved (ADR 0076). */
    disputes: Disputes;
    /** Collection cases: their lifecycle with the loan, assignment and contact log (ADR 0074). */
    collectionCases: CollectionCases;
    /** Promises to pay on collection cases, by an agent or the borrower in the app (ADR 0075). */
    promises: Promises;
    /** AML cases opened by the red-flag rules, their findings, reports and filings (issue 23, ADR 0085). */
    amlCases: AmlCases;
  }
}

/** Services as typed decorations, built once over the database, the clock and the providers. */
export interface ServicesOptions {
  /** Start the job runner when the app is ready. */
  backgroundJobs: boolean;
}

export const servicesPlugin = fp<ServicesOptions>(
  async (app, options) => {
    const { db, clock, config } = app;
    const jobs = new Jobs(db, clock, app.log, { pollMs: JOB_POLL_MS });
    const sandboxSms = config.smsProvider === 'sandbox' ? new SandboxSms(db, clock) : null;
    const realSms =
      config.smsProvider === 'semaphore' && config.semaphore
        ? new SemaphoreSms(db, jobs, clock, {
            ...config.semaphore,
            senderNameOf: (packageName) => app.brands.find(packageName)?.smsSenderName,
          })
        : null;
    const chosenSms: SmsProvider | null = sandboxSms ?? realSms;
    if (!chosenSms) throw new Error(`No SMS provider named ${config.smsProvider}`);
    const sms = countedSms(chosenSms, app.metrics);
    const rateLimits = new RateLimits(db, clock);
    const sessions = new Sessions(db, clock, {
      ttlSeconds: config.sessionTtlSeconds,
      idleSeconds: config.sessionIdleSeconds,
    });
    const accounts = new Accounts(clock);
    const codes = new VerifyCodes(db, clock, sms, config.codeSecret);

    // The sandbox answers through our own webhook, over the whole HTTP stack, as the real service would.
    const identityProvider: IdentityProvider = new SandboxIdentity(db, jobs, clock, {
      delayMs: config.sandboxDelayMs,
      secret: config.identityWebhookSecret,
      async deliver(packageName, rawBody, headers) {
        const answer = await app.inject({
          method: 'POST',
          url: `${API_PREFIX}/${encryptPath(API.identityProviderEcho.path, packageName)}`,
          headers: { ...headers, 'content-type': 'application/json', packagename: packageName },
          payload: rawBody,
        });
        if (answer.statusCode !== 200) throw new Error(`The identity webhook answered ${answer.statusCode}`);
      },
    });
    const xenditPayout =
      config.payoutProvider === 'xendit' && config.xendit
        ? new XenditPayout(
            db,
            jobs,
            {
              ...config.xendit,
              deliver: async (result) => {
                await payoutAccounts.applyVerification(result);
              },
              deliverResult: async (event) => {
                await disbursements.applyResult(event);
              },
            },
            clock,
          )
        : null;
    const payoutProvider: PayoutProvider =
      xenditPayout ??
      new SandboxPayout(db, jobs, clock, {
        delayMs: config.sandboxDelayMs,
        deliver: async (result) => {
          await payoutAccounts.applyVerification(result);
        },
        secret: config.payoutWebhookSecret,
        async deliverResult(packageName, rawBody, headers) {
          const answer = await app.inject({
            method: 'POST',
            url: `${API_PREFIX}/${encryptPath(API.payoutResult.path, packageName)}`,
            headers: { ...headers, 'content-type': 'application/json', packagename: packageName },
            payload: rawBody,
          });
          if (answer.statusCode !== 200) throw new Error(`The payout callback answered ${answer.statusCode}`);
        },
      });
    const coupons = new Coupons(db, clock);
    const payoutAccounts = new PayoutAccounts(db, clock, jobs, payoutProvider, codes, sms, coupons);

    app.decorate('sms', sms);
    app.decorate('sandboxSms', sandboxSms);
    app.decorate('smsProvider', chosenSms);
    app.decorate('sessions', sessions);
    app.decorate('rateLimits', rateLimits);
    const staff = new StaffService({ db, clock, publicUrl: config.publicUrl, rateLimits });
    app.decorate('staff', staff);
    app.decorate('borrowers', new BorrowerService({ db, clock, sessions, jobs }));
    const approvals = new Approvals(db, clock);
    app.decorate('approvals', approvals);
    for (const handler of Object.values(staff.proposalHandlers())) approvals.register(handler);
    app.decorate('reports', new ReportService({ db, clock }));
    // The collections provider is set up further down; it is asked only once requests come.
    const servesChannel = (channel: ChannelId) => app.collections.serves(channel);
    const products = new Products({
      db,
      lenderOf: (name) => app.brands.find(name)?.lender,
      coolingOffDaysOf: (name) => app.brands.find(name)?.coolingOffDays ?? COOLING_OFF_DEFAULT_DAYS,
      servesChannel,
    });
    approvals.register(products.createHandler());
    approvals.register(products.changeHandler());
    app.decorate('products', products);
    const brandSettings = new BrandService(db, clock, app.brands);
    approvals.register(brandSettings.createHandler());
    approvals.register(brandSettings.changeHandler());
    app.decorate('brandSettings', brandSettings);
    app.decorate('security', new Security(db, accounts, sessions, codes, rateLimits, sms, clock));
    app.decorate('jobs', jobs);
    const ledger = new Ledger(clock);
    app.decorate('ledger', ledger);
    const application = new Application(db, clock);
    app.decorate('application', application);
    const creditLines = new CreditLines(db, clock);
    app.decorate('creditLines', creditLines);
    // Staff set a borrower's line by hand under maker-checker (issue 21).
    approvals.register(creditLineChangeHandler({ db, clock, jobs, creditLines }));
    const policyConsole = new PolicyConsole(db, clock);
    approvals.register(policyConsole.publishHandler());
    approvals.register(policyConsole.challengerHandler());
    app.decorate('policyConsole', policyConsole);
    const backtests = new Backtests(db, clock, jobs);
    app.decorate('backtests', backtests);
    jobs.handle(BACKTEST_JOB, (payload) => backtests.run((payload as { runId: string }).runId));
    // The credit bureau (BUREAU_PROVIDER): asked by the assessment when the policy says so, with consent.
    const bureauProvider: BureauProvider =
      config.bureauProvider === 'sandbox'
        ? new SandboxBureau({
            latencyMs: Math.min(config.sandboxDelayMs, SANDBOX_BUREAU_MAX_LATENCY_MS),
            now: () => clock.now(),
          })
        : new NoBureau();
    const bureauStep = new BureauStep(db, clock, bureauProvider, {
      count: (outcome) => app.metrics.bureau.inc(outcome),
    });
    app.decorate('bureauStep', bureauStep);
    const collectionCases = new CollectionCases({ db, clock });
    app.decorate('collectionCases', collectionCases);
    const loanOrders = new LoanOrders(
      db,
      clock,
      application,
      jobs,
      config.assessmentDelaySeconds * 1000,
      coupons,
      creditLines,
      collectionCases,
    );
    app.decorate('loanOrders', loanOrders);
    app.decorate('coupons', coupons);
    app.decorate('market', new Market(db, clock, application, loanOrders));
    app.decorate(
      'agreements',
      new Agreements(db, clock, loanOrders, (name) => app.brands.find(name), codes, servesChannel),
    );
    // Keyed by CODE_SECRET, the same on every server process (ADR 0070).
    const fraudChecks = new FraudChecks(new FraudFingerprints(config.codeSecret));
    app.decorate('fraudChecks', fraudChecks);
    app.decorate(
      'assessment',
      new Assessment(db, clock, application, loanOrders, jobs, {
        fraudChecks,
        bureauStep,
      }),
    );
    app.decorate('referrals', new Referrals(db, clock, loanOrders, jobs, creditLines));
    app.decorate('identity', new Identity(db, clock, jobs, identityProvider));
    app.decorate('payoutAccounts', payoutAccounts);
    app.decorate('payoutProvider', payoutProvider);

    // Collections answer through our own signed callback, over the whole HTTP stack, as the real service would.
    const sandboxCollections =
      config.collectionsProvider === 'sandbox'
        ? new SandboxCollections(db, jobs, clock, {
            delayMs: config.sandboxDelayMs,
            secret: config.collectionsWebhookSecret,
            publicUrl: config.publicUrl,
            async deliver(packageName, rawBody, headers) {
              const answer = await app.inject({
                method: 'POST',
                url: `${API_PREFIX}/${encryptPath(API.collectionCallback.path, packageName)}`,
                headers: { ...headers, 'content-type': 'application/json', packagename: packageName },
                payload: rawBody,
              });
              // A refusal (4xx) is final, as with real providers; only a failure of ours is retried.
              if (answer.statusCode >= 500)
                throw new Error(`The collection callback answered ${answer.statusCode}`);
            },
          })
        : null;
    const realCollections = config.collectionKeys ? createRealCollections(config.collectionKeys) : null;
    const collectionProvider: CollectionProvider | null = sandboxCollections ?? realCollections;
    if (!collectionProvider) throw new Error(`No collections provider named ${config.collectionsProvider}`);
    app.decorate('sandboxCollections', sandboxCollections);
    app.decorate('realCollections', realCollections);
    app.decorate(
      'collections',
      new Collections(db, clock, collectionProvider, app.ledger, loanOrders, codes, {
        publicUrl: config.publicUrl,
        coolingOffDaysOf: (name) => app.brands.find(name)?.coolingOffDays ?? 0,
      }),
    );
    const disbursements = new Disbursements(db, clock, jobs, payoutProvider, loanOrders, ledger);
    payoutAccounts.whenVerified((tx, userId) => disbursements.retryAfterAccountChange(tx, userId));
    app.decorate('disbursements', disbursements);
    const refunds = new OverpaymentRefunds({ db, clock, jobs, ledger, provider: payoutProvider });
    disbursements.alsoApplyResultsOf((event) => refunds.applyResult(event));
    approvals.register(refunds.handler());
    // Collection agencies (issue 22, ADR 0078): registered under maker-checker, the borrower's notice a job.
    const collectionAgencies = new CollectionAgencies({
      db,
      clock,
      jobs,
      ledger,
      sms,
      brandOf: (name) => app.brands.find(name),
      log: app.log,
    });
    approvals.register(collectionAgencies.registerHandler());
    approvals.register(collectionAgencies.changeHandler());
    jobs.handle(AGENCY_NOTICE_JOB, (payload) =>
      collectionAgencies.sendNotice((payload as { placementId: string }).placementId),
    );
    app.decorate('collectionAgencies', collectionAgencies);
    approvals.register(cancelUnpaidHandler({ ledger, loanOrders, clock, jobs }));
    app.decorate('refunds', refunds);
    app.decorate(
      'loanBook',
      new LoanBook({
        db,
        clock,
        ledger,
        loanOrders,
        agreements: app.agreements,
        collections: app.collections,
      }),
    );
    const servicing = new Servicing(
      db,
      clock,
      jobs,
      app.ledger,
      loanOrders,
      sms,
      (name) => app.brands.find(name)?.appName ?? 'Hiram',
      app.collections,
      app.log,
      creditLines,
      collectionCases,
    );
    app.decorate('servicing', servicing);
    const moneyActions = servicing.moneyActionHandlers();
    approvals.register(moneyActions.reverseCredit);
    approvals.register(moneyActions.waivePenalty);
    approvals.register(moneyActions.manualCredit);
    approvals.register(moneyActions.writeOff);
    // Hardship (issue 22; ADR 0077): restructures the borrower signs, and payment holidays.
    const hardship = new Hardship({
      ...servicing.deps,
      codes,
      lenderOf: (name) => app.brands.find(name)?.lender,
    });
    approvals.register(hardship.handler());
    approvals.register(paymentHolidayHandler(servicing.deps));
    app.decorate('hardship', hardship);
    const vouchers = new Vouchers(db, clock, servicing, app.ledger, jobs, {
      approvals,
      twoPersonAbove: app.config.proofTwoPersonAbove,
    });
    approvals.register(vouchers.proofCreditHandler);
    app.decorate('vouchers', vouchers);
    app.decorate('queues', new Queues({ db, clock, ledger, vouchers }));
    jobs.handle(SERVICING_DAILY_JOB, () => servicing.runDaily());
    jobs.handle(SERVICING_ORDER_JOB, (payload) =>
      servicing.serviceOrder((payload as { orderId: string }).orderId),
    );
    jobs.handle(SERVICING_REMINDER_JOB, (payload) =>
      servicing.sendReminder(payload as Parameters<Servicing['sendReminder']>[0]),
    );
    jobs.handle(BORROWER_NOTICE_SMS_JOB, (payload) =>
      sendNoticeText(
        { db, clock, jobs, sms, appNameOf: (name) => app.brands.find(name)?.appName ?? 'Hiram' },
        payload as { noticeId: string },
      ),
    );
    // Dunning (issue 22; ADR 0076): rules and templates under maker-checker, the daily run, disputes.
    const dunning = new Dunning({
      db,
      clock,
      jobs,
      sms,
      brandOf: (name) => app.brands.find(name),
      log: app.log,
    });
    approvals.register(dunning.handlers().rule);
    approvals.register(dunning.handlers().template);
    app.decorate('dunning', dunning);
    app.decorate('disputes', new Disputes({ db, clock, jobs }));
    jobs.handle(DUNNING_DAILY_JOB, async () => {
      await dunning.runDaily();
    });
    app.addHook('onReady', async () => dunning.scheduleDailyRun());
    // Every process makes sure tomorrow's run is queued; the database keeps one per day.
    app.addHook('onReady', async () => servicing.scheduleDailyRun());
    // Promises to pay (ADR 0075): settled the day after their date by a daily job of their own.
    const promises = new Promises({
      db,
      clock,
      ledger: app.ledger,
      jobs,
      sms,
      appNameOf: (name) => app.brands.find(name)?.appName ?? 'Hiram',
      openCase: (tx, orderId) => app.collectionCases.openCase(tx, orderId),
    });
    app.decorate('promises', promises);
    jobs.handle(PROMISES_DAILY_JOB, async () => {
      await promises.runDaily();
      // The same early-morning run lapses the restructures left unsigned past their days (ADR 0077).
      await hardship.lapseUnsigned();
    });
    jobs.handle(PROMISE_CONFIRMATION_JOB, (payload) =>
      promises.sendDeferredConfirmation(payload as { promiseId: string; language: Language }),
    );
    app.addHook('onReady', async () => promises.scheduleDailyRun());
    const unsubmittedData = new UnsubmittedData(db, clock, jobs, app.log);
    app.decorate('unsubmittedData', unsubmittedData);
    jobs.handle(UNSUBMITTED_PURGE_JOB, async () => {
      await unsubmittedData.runDaily();
    });
    app.addHook('onReady', async () => unsubmittedData.scheduleDailyRun());
    // Corrections and erasure of data subjects' requests under maker-checker (issue 23, ADR 0088).
    approvals.register(correctionHandler({ clock, jobs, sessions }));
    approvals.register(erasureHandler({ clock, jobs, sessions }));
    const privacyRetention = new PrivacyRetention(db, clock, app.log);
    app.decorate('privacyRetention', privacyRetention);
    jobs.handle(RETENTION_DAILY_JOB, async () => {
      await privacyRetention.runDaily();
    });
    app.addHook('onReady', async () => privacyRetention.scheduleDailyRun());
    app.decorate('borrowerPrivacy', new BorrowerPrivacyRequests(db, clock, codes));
    const cicMonthEnd = new CicMonthEnd(db, clock, app.log);
    app.decorate('cicMonthEnd', cicMonthEnd);
    jobs.handle(CIC_MONTH_END_JOB, async () => {
      await cicMonthEnd.runDaily();
    });
    app.addHook('onReady', async () => cicMonthEnd.scheduleDailyRun());
    // The breach register and the compliance calendar (ADR 0087).
    const breaches = new BreachRegister({
      db,
      clock,
      jobs,
      sms,
      brandOf: (name) => app.brands.find(name),
    });
    app.decorate('breaches', breaches);
    jobs.handle(BREACH_NOTICE_SMS_JOB, (payload) =>
      breaches.sendNotice(payload as { breachId: string; userId: string }),
    );
    const complianceCalendar = new ComplianceCalendar({ db, clock, log: app.log });
    app.decorate('complianceCalendar', complianceCalendar);
    jobs.handle(CALENDAR_DAILY_JOB, async () => {
      await complianceCalendar.runDaily();
    });
    app.addHook('onReady', async () => complianceCalendar.scheduleDailyRun());
    // Anti-money laundering (issue 23, ADR 0085): screening decisions and red-flag rules under maker-checker,
    // the daily red-flag run that opens cases.
    approvals.register(screeningDecideHandler());
    approvals.register(redFlagRuleHandler(() => clock.now()));
    const amlCases = new AmlCases({
      db,
      clock,
      log: app.log,
      lenderOf: (name) => app.brands.find(name)?.lender,
    });
    app.decorate('amlCases', amlCases);
    jobs.handle(AML_RED_FLAGS_DAILY_JOB, async () => {
      await amlCases.runDaily();
    });
    app.addHook('onReady', async () => amlCases.scheduleDailyRun());
    const reconciliation = new Reconciliation({
      db,
      clock,
      jobs,
      log: app.log,
      reports: { collections: collectionProvider, payouts: payoutProvider },
    });
    app.decorate('reconciliation', reconciliation);
    jobs.handle(RECONCILIATION_DAILY_JOB, async () => {
      await reconciliation.runDaily();
    });
    app.addHook('onReady', async () => reconciliation.scheduleDailyRun());
    if (options.backgroundJobs) app.addHook('onReady', async () => jobs.start());
    // Before the database closes: the job under way finishes, no new one starts.
    app.addHook('preClose', async () => jobs.stop());
  },
  { name: 'services', dependencies: ['database', 'metrics'] },
);
