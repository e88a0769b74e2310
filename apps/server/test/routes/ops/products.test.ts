import { ERRORS } from '@hiram/contract/errors';
import type { ProductTerms } from '@hiram/contract/ops/products';
import { type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { PHILIPPINE_CAP_RULES } from '@hiram/contract/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { saveProduct } from '../../../src/domain/products.ts';
import { Products } from '../../../src/services/products/products.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { lendUpToProductMaximum } from '../../credit-line-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import { disbursedLoan, goTo } from '../../servicing-fixtures.ts';

/**
 * Products in the back office (ADR 0032), on both databases: read by every role, created and changed by one
 * admin and approved by another, the cap guard at proposal and at approval, brand scope, audit, and versions:
 * a loan keeps the terms it was quoted and signed on when its product changes.
 */
let server: TestServer;
const OTHER_BRAND = 'ph.other.lender';
const OWN = 'own-test';

beforeAll(async () => {
  server = await startTestServer({
    config: {
      assessmentDelaySeconds: 0,
      sessionTtlSeconds: 3650 * 86_400,
      sessionIdleSeconds: 3650 * 86_400,
    },
  });
  // Borrows above the ₱3,000 starter line: lines as before credit lines (ADR 0068).
  await lendUpToProductMaximum(server);
  await server.db.query(
    `insert into brands (package_name, app_name, support_email, support_phone, support_hours)
     values ($1, 'Other', 'help@other.example', '+63281234567', '9-5')`,
    [OTHER_BRAND],
  );
  await server.app.brands.load(server.db);
  await saveProduct(server.db, { ...DEMO_PRODUCT, productId: OWN, name: 'Own test', sortOrder: 1 });
}, 60_000);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

async function signedIn(role: StaffRole, brandScope: string | null = null): Promise<Signed> {
  return signIn(server, await newMember(server, role, brandScope));
}

const { productId: _id, packageName: _brand, sortOrder: _order, ...demoTerms } = DEMO_PRODUCT;
const TERMS: ProductTerms = { ...demoTerms, tenureDays: [...demoTerms.tenureDays], active: true };
/** The terms of OWN as saved. */
const OWN_TERMS: ProductTerms = { ...TERMS, name: 'Own test' };

async function view(productId: string, signed: Signed) {
  const answer = await ops('opsProductView', { productId }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { version: number; terms: ProductTerms; versions: { version: number }[] };
}

async function propose(signed: Signed, kind: string, payload: Record<string, unknown>) {
  return ops('opsProposalCreate', { kind, payload, reason: 'new pricing from the board' }, signed);
}

async function decide(signed: Signed, proposalId: string, decision: 'approve' | 'reject' = 'approve') {
  const answer = await ops('opsProposalDecide', { proposalIds: [proposalId], decision }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { outcomes: { status: string; errorCode: number | null }[] }).outcomes[0];
}

/** A change of the product as it is now, proposed by an admin; answers the proposal and the product before. */
async function proposeChange(productId: string, terms: Partial<ProductTerms>, maker: Signed) {
  const before = await view(productId, maker);
  const proposed = await propose(maker, 'product.change', {
    productId,
    version: before.version,
    terms: { ...before.terms, ...terms },
  });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  return { proposalId: (proposed.body.data as { proposalId: string }).proposalId, before };
}

/** A change proposed by one admin and approved by another; answers the new version. */
async function changed(productId: string, terms: Partial<ProductTerms>, maker: Signed, checker: Signed) {
  const { proposalId } = await proposeChange(productId, terms, maker);
  expect(await decide(checker, proposalId)).toMatchObject({ status: 'approved', errorCode: null });
  return (await view(productId, maker)).version;
}

describe('reading products', () => {
  it.each(STAFF_ROLES)(
    'lets a %s list and view them, with version, brand, state and loans signed',
    async (role) => {
      const member = await signedIn(role);
      const list = await ops('opsProductList', {}, member);
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      const own = (list.body.data as { items: { productId: string }[] }).items.find(
        (p) => p.productId === OWN,
      );
      expect(own).toMatchObject({
        packageName: DEMO_PRODUCT.packageName,
        version: 1,
        loansSigned: 0,
        terms: { name: 'Own test', active: true, monthlyInterestBps: DEMO_PRODUCT.monthlyInterestBps },
      });
      const one = await view(OWN, member);
      expect(one.versions.map((v) => v.version)).toEqual([1]);
    },
  );

  it('filters by state and pages on the server', async () => {
    const admin = await signedIn('admin');
    const page = await ops('opsProductList', { pageSize: '1', page: '2' }, admin);
    expect(page.body.data).toMatchObject({ page: 2, pageSize: 1 });
    expect((page.body.data as { total: number }).total).toBeGreaterThanOrEqual(2);
    const inactive = await ops('opsProductList', { active: 'false' }, admin);
    expect(inactive.body.data).toMatchObject({ items: [], total: 0 });
    expect((await ops('opsProductList', { active: 'maybe' }, admin)).status).toBe(400);
  });

  it('keeps a brand-scoped member to their brand', async () => {
    const scoped = await signedIn('admin', OTHER_BRAND);
    const list = await ops('opsProductList', {}, scoped);
    expect(list.body.data).toMatchObject({ items: [], total: 0 });
    const named = await ops('opsProductList', { packageName: DEMO_PRODUCT.packageName }, scoped);
    expect(named.body.data).toMatchObject({ items: [], total: 0 });
    expect((await ops('opsProductView', { productId: OWN }, scoped)).body.code).toBe(ERRORS.NOT_FOUND.code);
    const change = await propose(scoped, 'product.change', { productId: OWN, version: 1, terms: TERMS });
    expect(change.body.code).toBe(ERRORS.NOT_FOUND.code);
    const create = await propose(scoped, 'product.create', {
      productId: 'not-theirs',
      packageName: DEMO_PRODUCT.packageName,
      terms: TERMS,
    });
    expect(create.status).toBe(400);
    expect(create.body.data).toMatchObject({ fields: [{ field: 'payload.packageName' }] });
    expect((await ops('opsProductView', { productId: 'no-such' }, scoped)).body.code).toBe(
      ERRORS.NOT_FOUND.code,
    );
  });
});

describe('proposing and approving', () => {
  it.each(STAFF_ROLES.filter((role) => role !== 'admin'))('refuses a %s with 403', async (role) => {
    const member = await signedIn(role);
    const answer = await propose(member, 'product.change', { productId: OWN, version: 1, terms: TERMS });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
  });

  it('refuses terms past a cap at proposal, naming the cap, and makes no proposal', async () => {
    const admin = await signedIn('admin');
    const nominal = await propose(admin, 'product.change', {
      productId: OWN,
      version: 1,
      terms: { ...TERMS, monthlyInterestBps: 700 },
    });
    expect(nominal.status).toBe(400);
    expect(nominal.body.code).toBe(ERRORS.PRODUCT_TERMS_ABOVE_CAPS.code);
    expect((nominal.body.data as { problems: unknown }).problems).toEqual([
      {
        field: 'monthlyInterestBps',
        message: 'Nominal interest 7.00% a month is above the 6.00% cap (SEC MC 14 s.2025).',
      },
    ]);
    // A 25% fee keeps the nominal cap but not the effective rate of SEC MC 14 s.2025 (12% a month).
    const effective = await propose(admin, 'product.change', {
      productId: OWN,
      version: 1,
      terms: { ...TERMS, processingFeeBps: 2500 },
    });
    expect(effective.body.code).toBe(ERRORS.PRODUCT_TERMS_ABOVE_CAPS.code);
    expect((effective.body.data as { problems: { message: string }[] }).problems[0]?.message).toMatch(
      /^Effective rate 1\d\.\d\d% a month for ₱1,000 over 91 days is above the 12\.00% cap \(SEC MC 14 s\.2025\)\.$/,
    );
    const pending = await ops('opsProposalList', { targetType: 'product', targetId: OWN }, admin);
    expect(pending.body.data).toMatchObject({ total: 0 });
  });

  it('refuses a change of nothing, against an old version, and a product id taken', async () => {
    const admin = await signedIn('admin');
    const same = await propose(admin, 'product.change', { productId: OWN, version: 1, terms: OWN_TERMS });
    expect(same.body.code).toBe(ERRORS.PRODUCT_UNCHANGED.code);
    const old = await propose(admin, 'product.change', {
      productId: OWN,
      version: 7,
      terms: { ...TERMS, name: 'Renamed' },
    });
    expect(old.body.code).toBe(ERRORS.PRODUCT_VERSION_CHANGED.code);
    const taken = await propose(admin, 'product.create', {
      productId: OWN,
      packageName: DEMO_PRODUCT.packageName,
      terms: TERMS,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe(ERRORS.PRODUCT_EXISTS.code);
    const bad = await propose(admin, 'product.create', {
      productId: 'Bad Id!',
      packageName: DEMO_PRODUCT.packageName,
      terms: { ...TERMS, tenureDays: [] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.data)).toContain('payload.productId');
  });

  it('creates a product when a second admin approves, never by its maker, and audits both', async () => {
    const maker = await signedIn('admin');
    const checker = await signedIn('admin');
    const finance = await signedIn('finance');
    const proposed = await propose(maker, 'product.create', {
      productId: 'hiram-plus',
      packageName: DEMO_PRODUCT.packageName,
      terms: { ...TERMS, name: 'Hiram Plus', monthlyInterestBps: 250 },
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const { proposalId, summary } = proposed.body.data as { proposalId: string; summary: string };
    expect(summary).toContain('New product hiram-plus (Hiram Plus)');
    expect((await ops('opsProductView', { productId: 'hiram-plus' }, maker)).body.code).toBe(
      ERRORS.NOT_FOUND.code,
    );
    // A second proposal of the same product waits behind the first.
    const twice = await propose(maker, 'product.create', {
      productId: 'hiram-plus',
      packageName: DEMO_PRODUCT.packageName,
      terms: TERMS,
    });
    expect(twice.body.code).toBe(ERRORS.PROPOSAL_DUPLICATE.code);

    expect(await decide(maker, proposalId)).toMatchObject({ errorCode: ERRORS.PROPOSAL_OWN.code });
    expect(await decide(finance, proposalId)).toMatchObject({ errorCode: ERRORS.ROLE_NOT_ALLOWED.code });
    expect(await decide(checker, proposalId)).toMatchObject({ status: 'approved', errorCode: null });

    const created = await view('hiram-plus', maker);
    expect(created).toMatchObject({ version: 1, terms: { name: 'Hiram Plus', monthlyInterestBps: 250 } });
    const rows = await server.db.query<{
      action: string;
      actor_email: string;
      after: { proposedBy?: string };
    }>(
      `select action, actor_email, after from audit_log where target = 'product:hiram-plus' order by audit_id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['proposal.create', 'product.create', 'proposal.approve']);
    expect(rows[1]?.after.proposedBy).toMatch(/^admin\d+@lender\.example$/);
    expect(rows[1]?.actor_email).not.toBe(rows[1]?.after.proposedBy);
  });

  it('changes a product into a new version, listing the difference, with the audit before and after', async () => {
    const maker = await signedIn('admin');
    const checker = await signedIn('admin');
    const proposed = await propose(maker, 'product.change', {
      productId: OWN,
      version: 1,
      terms: { ...OWN_TERMS, monthlyInterestBps: 250, active: false },
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const { proposalId, summary } = proposed.body.data as { proposalId: string; summary: string };
    expect(summary).toBe(
      'Change own-test (version 1): interest 3.00% a month → 2.50% a month; state active → inactive',
    );
    const listed = await ops('opsProductList', {}, maker);
    const own = (listed.body.data as { items: { productId: string; pendingProposals: number }[] }).items.find(
      (p) => p.productId === OWN,
    );
    expect(own?.pendingProposals).toBe(1);
    // The checker sees each term old → new, amounts in centavos for the console to show as pesos (ADR 0056).
    const changes = [
      {
        field: 'monthlyInterestBps',
        label: 'Interest',
        kind: 'text',
        before: '3.00% a month',
        after: '2.50% a month',
      },
      { field: 'active', label: 'State', kind: 'text', before: 'active', after: 'inactive' },
    ];
    const pending = await ops('opsProposalList', { status: 'pending', targetId: OWN }, checker);
    expect((pending.body.data as { items: unknown[] }).items).toEqual([expect.objectContaining({ changes })]);
    expect(await decide(checker, proposalId)).toMatchObject({ status: 'approved' });
    const approved = await ops('opsProposalList', { status: 'approved', targetId: OWN }, checker);
    expect((approved.body.data as { items: unknown[] }).items[0]).toMatchObject({ proposalId, changes });
    const after = await view(OWN, maker);
    expect(after).toMatchObject({ version: 2, terms: { monthlyInterestBps: 250, active: false } });
    expect(after.versions.map((v) => v.version)).toEqual([2, 1]);
    const [audit] = await server.db.query<{ before: unknown; after: unknown }>(
      `select before, after from audit_log where action = 'product.change' and target = $1`,
      [`product:${OWN}`],
    );
    expect(audit).toMatchObject({
      before: { version: 1, terms: { monthlyInterestBps: 300, active: true } },
      after: { version: 2, proposalId, terms: { monthlyInterestBps: 250, active: false } },
    });
    // Switched back on without a change of terms: the same version.
    expect(await changed(OWN, { active: true }, maker, checker)).toBe(2);
  });

  it('marks a proposal stale when the product changed before approval, and applies nothing', async () => {
    const maker = await signedIn('admin');
    const checker = await signedIn('admin');
    const { proposalId } = await proposeChange(OWN, { name: 'Own test renamed' }, maker);
    await server.db.query('update loan_products set extension_fee_bps = 250 where product_id = $1', [OWN]);
    // Stale, and the outcome says why: the product is no longer the version proposed against.
    expect(await decide(checker, proposalId)).toMatchObject({
      status: 'stale',
      errorCode: ERRORS.PRODUCT_VERSION_CHANGED.code,
    });
    expect((await view(OWN, maker)).terms.name).toBe('Own test');
  });

  it('refuses at approval a change that a cap come into force since forbids', async () => {
    const maker = await signedIn('admin');
    const checker = await signedIn('admin');
    const { proposalId, before } = await proposeChange(OWN, { processingFeeBps: 500 }, maker);
    // A circular lowering the effective rate to 3% a month, deployed between proposal and approval.
    const stricter = new Products({
      db: server.db,
      lenderOf: (name) => server.app.brands.find(name)?.lender,
      coolingOffDaysOf: () => 7,
      servesChannel: () => true,
      capRules: [
        ...PHILIPPINE_CAP_RULES,
        {
          circulars: ['SEC MC 99 s.2026'],
          effectiveFrom: '2026-03-01',
          maxMonthlyInterestBps: 600,
          maxMonthlyEffectiveRateBps: 300,
          maxMonthlyPenaltyBps: 500,
          maxTotalChargesBps: 10_000,
        },
      ],
    });
    server.app.approvals.register(stricter.changeHandler());
    try {
      const outcome = await decide(checker, proposalId);
      // Stale, and the outcome says why: the cap that now forbids it.
      expect(outcome).toMatchObject({
        status: 'stale',
        errorCode: ERRORS.PRODUCT_TERMS_ABOVE_CAPS.code,
        message: ERRORS.PRODUCT_TERMS_ABOVE_CAPS.message.en,
      });
    } finally {
      server.app.approvals.register(server.app.products.changeHandler());
    }
    expect(await view(OWN, maker)).toMatchObject({
      version: before.version,
      terms: { processingFeeBps: before.terms.processingFeeBps },
    });
  });
});

describe('a loan keeps the version it was quoted and signed on', () => {
  it('keeps its Disclosure Statement, its amounts and its penalty rate when the product changes', async () => {
    const maker = await signedIn('admin');
    const checker = await signedIn('admin');
    const signed = await disbursedLoan(server);
    const signedDue = (await server.call('repaymentDetail', { orderNo: signed.orderId }, signed)).body.data;
    const signedStatement = (await server.call('loanAgreement', { orderId: signed.orderId }, signed)).body
      .data;

    // Approved but not yet signed: its statement is built from its version until it signs.
    const applicant = await server.signIn();
    await completeSteps(server, applicant.token, 'bankAccount');
    const choice = { productId: DEMO_PRODUCT.productId, amount: 500_000, tenureDays: 91 };
    const applied = await server.call('applyLoanOrder', choice, applicant);
    const orderId: string = applied.body.data.orderId;
    await server.call('submitOrder', { orderId }, applicant);
    await server.settle();
    const unsigned = (await server.call('loanAgreement', { orderId }, applicant)).body.data;
    expect(unsigned.signedAt).toBeNull();

    // Dearer interest and fee, no penalty, a shorter extension: none of it reaches these two loans.
    const version = await changed(
      DEMO_PRODUCT.productId,
      {
        monthlyInterestBps: 400,
        processingFeeBps: 500,
        dailyPenaltyBps: 0,
        extensionDays: 15,
        extensionFeeBps: 200,
      },
      maker,
      checker,
    );
    expect(version).toBe(2);

    expect((await server.call('loanAgreement', { orderId: signed.orderId }, signed)).body.data).toEqual(
      signedStatement,
    );
    expect((await server.call('repaymentDetail', { orderNo: signed.orderId }, signed)).body.data).toEqual(
      signedDue,
    );
    const still = (await server.call('loanAgreement', { orderId }, applicant)).body.data;
    expect(still.documentHash).toBe(unsigned.documentHash);
    expect(still.disclosure).toMatchObject({
      financeCharges: { processingFee: 15_000 },
      nominalMonthlyRatePercent: '3.00',
      penalty: { dailyPercent: '0.10' },
      extension: { days: 30, feePercentOfOutstandingPrincipal: '3.00' },
    });
    const signing = await server.call(
      'signAgreement',
      {
        orderId,
        documentHash: still.documentHash,
        agreed: true,
        code: await server.ownCode(applicant.token, 'signAgreement'),
      },
      applicant,
    );
    expect(signing.status, JSON.stringify(signing.body)).toBe(200);

    // A new applicant is quoted on the new version.
    const newcomer = await server.signIn();
    const quoted = await server.call('confirmProductInfo', choice, newcomer);
    expect(quoted.body.data.quote).toMatchObject({ nominalMonthlyRateBps: 400, processingFee: 25_000 });

    // Overdue, the signed loan is charged its own 0.1% a day, not the new version's nothing.
    await goTo(server, '2026-06-05', 9);
    const balance = await server.app.ledger.orderBalance(server.db, signed.orderId);
    expect(balance.penalty).toBeGreaterThan(0);
    // The version a loan was signed on cannot be rewritten, even by hand.
    await expect(
      server.db.query(`update loan_product_versions set daily_penalty_bps = 0 where product_id = $1`, [
        DEMO_PRODUCT.productId,
      ]),
    ).rejects.toThrow(/kept as they were/);
    // Months later: a fresh session (staff sessions end after 12 hours).
    const listed = await ops(
      'opsProductView',
      { productId: DEMO_PRODUCT.productId },
      await signedIn('viewer'),
    );
    expect(listed.body.data).toMatchObject({
      // The preview states the brand's cooling-off period, as the statement signed today does.
      coolingOffDays: server.app.brands.find(DEMO_PRODUCT.packageName)?.coolingOffDays,
      version: 2,
      loansSigned: 2,
      versions: [
        { version: 2, loansSigned: 0 },
        { version: 1, loansSigned: 2 },
      ],
    });
  });
});
