import type { LenderDetails } from '@hiram/contract/disclosure';
import { formatPeso } from '@hiram/contract/money';
import type { ProposalChange, ProposalPayload } from '@hiram/contract/ops/approvals';
import {
  type ProductSummary,
  type ProductTerms,
  type ProductView,
  productTermsProblems,
} from '@hiram/contract/ops/products';
import { type CapRule, PHILIPPINE_CAP_RULES } from '@hiram/contract/pricing';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { saveProduct } from '../../domain/products.ts';
import type { ApplyContext, ProposalHandler, ProposalTarget } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import { openChannels, type ServesChannel } from '../collections/channels.ts';

/**
 * Products in the back office (docs/decisions/0032-versioned-products.md): listed and viewed by every role,
 * created and changed only through maker-checker. The database numbers each change of terms as a new version
 * (migration 0024); a loan keeps the version it was quoted on.
 */

interface ProductRow {
  product_id: string;
  package_name: string;
  version: number;
  name: string;
  min_amount: number | string;
  max_amount: number | string;
  amount_step: number | string;
  tenure_days: number[];
  interest_method: ProductTerms['interestMethod'];
  monthly_interest_bps: number;
  processing_fee_bps: number;
  daily_penalty_bps: number;
  extension_days: number;
  extension_fee_bps: number;
  active: boolean;
  loans_signed: number;
  pending_proposals: number;
}

/** Loans signed on a product (any version) and the proposals waiting on it, beside each product row. */
const PRODUCT_SELECT = `select p.*,
  (select count(*) from loan_orders o join agreement_signatures s on s.order_id = o.order_id
    where o.product_id = p.product_id)::int as loans_signed,
  (select count(*) from proposals x where x.target_type = 'product' and x.target_id = p.product_id
    and x.status = 'pending')::int as pending_proposals
  from loan_products p`;

function termsOfRow(row: Omit<ProductRow, 'active'> & { active?: boolean }): ProductTerms {
  return {
    name: row.name,
    minAmount: Number(row.min_amount),
    maxAmount: Number(row.max_amount),
    amountStep: Number(row.amount_step),
    tenureDays: row.tenure_days,
    interestMethod: row.interest_method,
    monthlyInterestBps: row.monthly_interest_bps,
    processingFeeBps: row.processing_fee_bps,
    dailyPenaltyBps: row.daily_penalty_bps,
    extensionDays: row.extension_days,
    extensionFeeBps: row.extension_fee_bps,
    active: row.active ?? true,
  };
}

function summaryOfRow(row: ProductRow): ProductSummary {
  return {
    productId: row.product_id,
    packageName: row.package_name,
    version: row.version,
    terms: termsOfRow(row),
    loansSigned: row.loans_signed,
    pendingProposals: row.pending_proposals,
  };
}

function percent(bps: number): string {
  return `${(bps / 100).toFixed(2)}%`;
}

/** Each term in words, for a checker reading a proposal's summary. */
const TERM_WORDS: Record<keyof ProductTerms, [label: string, shown: (t: ProductTerms) => string]> = {
  name: ['name', (t) => `“${t.name}”`],
  minAmount: ['smallest amount', (t) => formatPeso(t.minAmount)],
  maxAmount: ['largest amount', (t) => formatPeso(t.maxAmount)],
  amountStep: ['amount step', (t) => formatPeso(t.amountStep)],
  tenureDays: ['tenures', (t) => `${t.tenureDays.join('/')} days`],
  interestMethod: ['interest method', (t) => t.interestMethod],
  monthlyInterestBps: ['interest', (t) => `${percent(t.monthlyInterestBps)} a month`],
  processingFeeBps: ['processing fee', (t) => percent(t.processingFeeBps)],
  dailyPenaltyBps: ['late penalty', (t) => `${percent(t.dailyPenaltyBps)} a day`],
  extensionDays: ['extension', (t) => `${t.extensionDays} days`],
  extensionFeeBps: ['extension fee', (t) => percent(t.extensionFeeBps)],
  active: ['state', (t) => (t.active ? 'active' : 'inactive')],
};

/** Every term in a line, for a new product's summary. */
function describeTerms(terms: ProductTerms): string {
  return Object.values(TERM_WORDS)
    .map(([label, shown]) => `${label} ${shown(terms)}`)
    .join(', ');
}

/** What a change changes, term by term: "interest 3.00% a month → 4.00% a month; state active → inactive". */
function describeChange(before: ProductTerms, after: ProductTerms): string {
  return Object.values(TERM_WORDS)
    .filter(([, shown]) => shown(before) !== shown(after))
    .map(([label, shown]) => `${label} ${shown(before)} → ${shown(after)}`)
    .join('; ');
}

/** Amounts are shown as pesos by the console; the other terms in the words above. */
const MONEY_TERMS: readonly (keyof ProductTerms)[] = ['minAmount', 'maxAmount', 'amountStep'];

/** Each term a proposal sets, old → new (ADR 0056); `before` null: a new product, every term listed. */
function termChanges(before: ProductTerms | null, after: ProductTerms): ProposalChange[] {
  return (Object.entries(TERM_WORDS) as [keyof ProductTerms, (typeof TERM_WORDS)[keyof ProductTerms]][])
    .filter(([, [, shown]]) => before === null || shown(before) !== shown(after))
    .map(([field, [label, shown]]) => {
      const money = MONEY_TERMS.includes(field);
      const value = (terms: ProductTerms | null) =>
        terms === null ? null : money ? Number(terms[field]) : shown(terms);
      return {
        field,
        label: label.charAt(0).toUpperCase() + label.slice(1),
        kind: money ? 'money' : 'text',
        before: value(before),
        after: value(after),
      };
    });
}

export interface ProductsDeps {
  db: Database;
  /** The brand's lender details the Disclosure Statement prints, or undefined for an unknown brand. */
  lenderOf: (packageName: string) => LenderDetails | undefined;
  /** The brand's cooling-off period in days, which new statements state (ADR 0038). */
  coolingOffDaysOf: (packageName: string) => number;
  /** Whether the configured collections provider serves a channel (the statement lists only those). */
  servesChannel: ServesChannel;
  /** The dated caps (the contract's; a test adds a circular coming into force). */
  capRules?: readonly CapRule[];
}

export class Products {
  private readonly capRules: readonly CapRule[];

  constructor(private readonly deps: ProductsDeps) {
    this.capRules = deps.capRules ?? PHILIPPINE_CAP_RULES;
  }

  async list(
    query: {
      packageName?: string | undefined;
      active?: 'true' | 'false' | undefined;
      page: number;
      pageSize: number;
    },
    brandScope: string | null,
  ): Promise<{ items: ProductSummary[]; page: number; pageSize: number; total: number }> {
    const where = `where ($1::text is null or p.package_name = $1) and ($2::text is null or p.package_name = $2)
      and ($3::boolean is null or p.active = $3)`;
    const params = [
      brandScope,
      query.packageName ?? null,
      query.active === undefined ? null : query.active === 'true',
    ];
    const [count] = await this.deps.db.query<{ n: number }>(
      `select count(*)::int as n from loan_products p ${where}`,
      params,
    );
    const rows = await this.deps.db.query<ProductRow>(
      `${PRODUCT_SELECT} ${where} order by p.package_name, p.sort_order, p.product_id limit $4 offset $5`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    return {
      items: rows.map(summaryOfRow),
      page: query.page,
      pageSize: query.pageSize,
      total: count?.n ?? 0,
    };
  }

  /** One product with every version; another brand's answers 404 to a brand-scoped member, as an unknown one. */
  async view(productId: string, brandScope: string | null): Promise<ProductView> {
    const row = await this.productRow(this.deps.db, productId, brandScope);
    const lender = this.deps.lenderOf(row.package_name);
    if (!lender) throw new AppError('NOT_FOUND');
    const versions = await this.deps.db.query<ProductRow>(
      `select v.*,
        (select count(*) from loan_orders o join agreement_signatures s on s.order_id = o.order_id
          where o.product_id = v.product_id and o.product_version = v.version)::int as loans_signed
       from loan_product_versions v where v.product_id = $1 order by v.version desc`,
      [productId],
    );
    return {
      ...summaryOfRow(row),
      versions: versions.map((v) => {
        const { active: _active, ...terms } = termsOfRow(v);
        return { version: v.version, terms, loansSigned: v.loans_signed };
      }),
      lender,
      repaymentChannels: await openChannels(this.deps.db, row.package_name, this.deps.servesChannel),
      coolingOffDays: this.deps.coolingOffDaysOf(row.package_name),
    };
  }

  private async productRow(db: Queryable, productId: string, brandScope: string | null): Promise<ProductRow> {
    const [row] = await db.query<ProductRow>(`${PRODUCT_SELECT} where p.product_id = $1`, [productId]);
    if (!row || (brandScope !== null && row.package_name !== brandScope)) throw new AppError('NOT_FOUND');
    return row;
  }

  /** 40071 with each broken cap, unless the terms keep every cap of every rule. */
  private assertWithinCaps(terms: ProductTerms): void {
    const problems = productTermsProblems(terms, this.capRules);
    if (problems.length > 0) throw new AppError('PRODUCT_TERMS_ABOVE_CAPS', { data: { problems } });
  }

  /** `product.create`: a new product of a brand the maker may act for. */
  createHandler(): ProposalHandler<'product.create'> {
    return {
      kind: 'product.create',
      inspect: async (db, payload, brandScope): Promise<ProposalTarget> => {
        const ofOtherBrand = brandScope !== null && payload.packageName !== brandScope;
        if (ofOtherBrand || !this.deps.lenderOf(payload.packageName)) {
          throw new AppError('VALIDATION_FAILED', {
            fields: [{ field: 'payload.packageName', message: 'invalid' }],
          });
        }
        const [taken] = await db.query('select 1 from loan_products where product_id = $1', [
          payload.productId,
        ]);
        if (taken) throw new AppError('PRODUCT_EXISTS');
        this.assertWithinCaps(payload.terms);
        return {
          targetType: 'product',
          targetId: payload.productId,
          brand: payload.packageName,
          summary: `New product ${payload.productId} (${payload.terms.name}) for ${payload.packageName}: ${describeTerms(payload.terms)}`,
          dedupeKey: payload.productId,
          fingerprint: 'new',
          changes: termChanges(null, payload.terms),
        };
      },
      apply: async (tx, payload, context) => {
        const [last] = await tx.query<{ n: number }>(
          'select coalesce(max(sort_order), -1)::int + 1 as n from loan_products where package_name = $1',
          [payload.packageName],
        );
        const { active, ...terms } = payload.terms;
        await saveProduct(tx, {
          ...terms,
          productId: payload.productId,
          packageName: payload.packageName,
          sortOrder: last?.n ?? 0,
          active,
        });
        await recordAudit(tx, {
          ...auditOf(context, 'product.create', payload.productId, payload.packageName),
          before: null,
          after: {
            version: 1,
            terms: payload.terms,
            proposalId: context.proposalId,
            proposedBy: context.maker.email,
          },
        });
        return { productId: payload.productId, version: 1 };
      },
    };
  }

  /** `product.change`: new terms, written against the version the maker saw; the database numbers the next. */
  changeHandler(): ProposalHandler<'product.change'> {
    return {
      kind: 'product.change',
      inspect: async (db, payload, brandScope): Promise<ProposalTarget> => {
        const row = await this.productRow(db, payload.productId, brandScope);
        if (row.version !== payload.version) throw new AppError('PRODUCT_VERSION_CHANGED');
        const before = termsOfRow(row);
        const change = describeChange(before, payload.terms);
        if (!change) throw new AppError('PRODUCT_UNCHANGED');
        this.assertWithinCaps(payload.terms);
        return {
          targetType: 'product',
          targetId: payload.productId,
          brand: row.package_name,
          summary: `Change ${payload.productId} (version ${row.version}): ${change}`,
          dedupeKey: payload.productId,
          fingerprint: `version ${row.version}`,
          changes: termChanges(before, payload.terms),
        };
      },
      apply: (tx, payload, context) => this.change(tx, payload, context),
    };
  }

  private async change(
    tx: Queryable,
    payload: ProposalPayload<'product.change'>,
    context: ApplyContext,
  ): Promise<{ productId: string; version: number }> {
    const before = await this.productRow(tx, payload.productId, null);
    const t = payload.terms;
    const [after] = await tx.query<{ version: number }>(
      `update loan_products set name = $2, min_amount = $3, max_amount = $4, amount_step = $5, tenure_days = $6,
         interest_method = $7, monthly_interest_bps = $8, processing_fee_bps = $9, daily_penalty_bps = $10,
         extension_days = $11, extension_fee_bps = $12, active = $13
       where product_id = $1 returning version`,
      [
        payload.productId,
        t.name,
        t.minAmount,
        t.maxAmount,
        t.amountStep,
        [...t.tenureDays],
        t.interestMethod,
        t.monthlyInterestBps,
        t.processingFeeBps,
        t.dailyPenaltyBps,
        t.extensionDays,
        t.extensionFeeBps,
        t.active,
      ],
    );
    const version = after?.version ?? before.version;
    await recordAudit(tx, {
      ...auditOf(context, 'product.change', payload.productId, before.package_name),
      before: { version: before.version, terms: termsOfRow(before) },
      after: { version, terms: t, proposalId: context.proposalId, proposedBy: context.maker.email },
    });
    return { productId: payload.productId, version };
  }
}

/** The approved change is the checker's act on the maker's proposal: both are on the row. */
function auditOf(context: ApplyContext, action: string, productId: string, brand: string) {
  return {
    at: context.at,
    actorId: context.checker.staffId,
    actorEmail: context.checker.email,
    action,
    target: `product:${productId}`,
    brandScope: brand,
    clientAddress: context.checker.clientAddress ?? null,
    userAgent: context.checker.userAgent ?? null,
  };
}
