import { CreditPolicyDocument } from '@hiram/contract/credit-policy';
import type { ProposalPayload } from '@hiram/contract/ops/approvals';
import {
  type BrandPolicy,
  type CreditPolicyVersion,
  type CreditPolicyView,
  EVERY_BRAND,
  policyChanges,
} from '@hiram/contract/ops/credit-policy';
import { consoleDateTime } from '@hiram/contract/ops/labels';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { ApplyContext, ProposalHandler, ProposalTarget } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';

/**
 * The credit policy in the console (ADR 0072): the published versions and what is in force for each brand,
 * and the two maker-checker kinds that change them, `credit-policy.publish` (a new version, for a brand or
 * every brand, from now or a chosen date) and `credit-policy.challenger` (a second version deciding a share
 * of a brand's new applications; H1's assessment picks it, sticky per borrower, from credit_policy_challengers).
 * Published versions are never edited (migration 0051's trigger): a change is always a new version.
 */

interface VersionRow {
  version: number;
  package_name: string | null;
  document: unknown;
  effective_from: Date | string;
  published_at: Date | string | null;
  created_by: string;
}

interface ChallengerRow {
  package_name: string;
  version: number;
  share_percent: number;
  set_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function documentOf(row: { document: unknown }): CreditPolicyDocument {
  const raw = typeof row.document === 'string' ? JSON.parse(row.document) : row.document;
  return CreditPolicyDocument.parse(raw);
}

/**
 * The version in force for a scope at a time: for a brand its own latest effective one, else every brand's;
 * for every brand (null) the latest effective one without a brand. The same order as creditPolicyInForce.
 */
export async function versionInForce(
  db: Queryable,
  packageName: string | null,
  at: Date,
): Promise<{ version: number; packageName: string | null; document: CreditPolicyDocument }> {
  const [row] = await db.query<VersionRow>(
    `select version, package_name, document, effective_from, published_at, created_by
       from credit_policy_versions
      where published_at is not null and effective_from <= $2
        and (package_name is null or package_name = $1)
      order by package_name is null, effective_from desc, version desc limit 1`,
    [packageName, at.toISOString()],
  );
  if (!row) throw new Error(`No credit policy in force for ${packageName ?? EVERY_BRAND}`);
  return { version: row.version, packageName: row.package_name, document: documentOf(row) };
}

function scopeWords(packageName: string | null): string {
  return packageName === null ? 'every brand' : packageName;
}

export class PolicyConsole {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  /** Every published version, newest first, with the brands each decides for now; each brand's champion and challenger. */
  async view(brandScope: string | null): Promise<CreditPolicyView> {
    const now = this.clock.now();
    const brands = await this.db.query<{ package_name: string; app_name: string }>(
      `select package_name, app_name from brands where $1::text is null or package_name = $1 order by package_name`,
      [brandScope],
    );
    const rows = await this.db.query<VersionRow>(
      `select version, package_name, document, effective_from, published_at, created_by
         from credit_policy_versions
        where published_at is not null and ($1::text is null or package_name is null or package_name = $1)
        order by version desc`,
      [brandScope],
    );
    const challengers = await this.db.query<ChallengerRow>(
      `select package_name, version, share_percent, set_at from credit_policy_challengers
        where ended_at is null and ($1::text is null or package_name = $1)`,
      [brandScope],
    );
    const everyBrand = await versionInForce(this.db, null, now);
    const brandPolicies: BrandPolicy[] = [];
    for (const brand of brands) {
      const live = await versionInForce(this.db, brand.package_name, now);
      const challenger = challengers.find((c) => c.package_name === brand.package_name);
      brandPolicies.push({
        packageName: brand.package_name,
        appName: brand.app_name,
        liveVersion: live.version,
        ownVersion: live.packageName !== null,
        challenger: challenger
          ? {
              version: challenger.version,
              sharePercent: challenger.share_percent,
              startedAt: iso(challenger.set_at),
            }
          : null,
      });
    }
    const versions: CreditPolicyVersion[] = rows.map((row) => ({
      version: row.version,
      packageName: row.package_name,
      effectiveFrom: iso(row.effective_from),
      publishedAt: row.published_at === null ? null : iso(row.published_at),
      createdBy: row.created_by,
      document: documentOf(row),
      inForceFor: [
        ...(row.version === everyBrand.version ? [EVERY_BRAND] : []),
        ...brandPolicies
          .filter((brand) => brand.ownVersion && brand.liveVersion === row.version)
          .map((brand) => brand.packageName),
      ],
    }));
    return { everyBrandVersion: everyBrand.version, brands: brandPolicies, versions };
  }

  private async brandExists(db: Queryable, packageName: string, brandScope: string | null): Promise<void> {
    if (brandScope !== null && brandScope !== packageName) throw new AppError('NOT_FOUND');
    const [brand] = await db.query('select 1 from brands where package_name = $1', [packageName]);
    if (!brand) throw new AppError('NOT_FOUND');
  }

  /** `credit-policy.publish`: a new version for a scope, checked against the version in force for it. */
  publishHandler(): ProposalHandler<'credit-policy.publish'> {
    return {
      kind: 'credit-policy.publish',
      inspect: async (db, payload, brandScope): Promise<ProposalTarget> => {
        // A member limited to one brand changes that brand's policy only, never every brand's.
        if (payload.packageName === null) {
          if (brandScope !== null) throw new AppError('NOT_FOUND');
        } else await this.brandExists(db, payload.packageName, brandScope);
        const now = this.clock.now();
        const live = await versionInForce(db, payload.packageName, now);
        if (live.version !== payload.basedOn) throw new AppError('CREDIT_POLICY_CHANGED');
        const changes = policyChanges(live.document, payload.document);
        if (changes.length === 0) throw new AppError('CREDIT_POLICY_UNCHANGED');
        // A version already waiting to take effect for the same scope also makes an approval stale.
        const [latest] = await db.query<{ version: number }>(
          `select max(version)::int as version from credit_policy_versions
            where published_at is not null and package_name is not distinct from $1`,
          [payload.packageName],
        );
        const effective = payload.effectiveFrom
          ? `from ${consoleDateTime(payload.effectiveFrom)} (or at approval, if later)`
          : 'from its approval';
        return {
          targetType: 'creditPolicy',
          targetId: payload.packageName ?? EVERY_BRAND,
          brand: payload.packageName,
          summary: `New credit policy version for ${scopeWords(payload.packageName)}, replacing version ${live.version}, ${effective}: ${changes.length} change${changes.length === 1 ? '' : 's'}`,
          dedupeKey: payload.packageName ?? EVERY_BRAND,
          fingerprint: `in force ${live.version}; latest ${latest?.version ?? 0}`,
          changes: [
            {
              field: 'version',
              label: `Version in force for ${scopeWords(payload.packageName)}`,
              kind: 'text',
              before: `version ${live.version}`,
              after: `new version, ${effective}`,
            },
            ...changes,
          ],
        };
      },
      apply: (tx, payload, context) => this.publish(tx, payload, context),
    };
  }

  private async publish(
    tx: Queryable,
    payload: ProposalPayload<'credit-policy.publish'>,
    context: ApplyContext,
  ): Promise<{ version: number; effectiveFrom: string }> {
    // Never before approval: a version applies to applications submitted after it takes effect.
    const chosen = payload.effectiveFrom ? new Date(payload.effectiveFrom) : context.at;
    const effectiveFrom = chosen.getTime() > context.at.getTime() ? chosen : context.at;
    const [row] = await tx.query<{ version: number }>(
      `insert into credit_policy_versions (version, package_name, document, effective_from, published_at,
          created_by, created_at)
       select coalesce(max(version), 0) + 1, $1, $2, $3, $4, $5, $4 from credit_policy_versions
       returning version`,
      [
        payload.packageName,
        JSON.stringify(payload.document),
        effectiveFrom.toISOString(),
        context.at.toISOString(),
        context.maker.email,
      ],
    );
    const version = row?.version as number;
    await recordAudit(tx, {
      at: context.at,
      actorId: context.checker.staffId,
      actorEmail: context.checker.email,
      action: 'credit-policy.publish',
      target: `creditPolicy:${payload.packageName ?? EVERY_BRAND}`,
      brandScope: payload.packageName,
      before: { version: payload.basedOn },
      after: {
        version,
        effectiveFrom: effectiveFrom.toISOString(),
        document: payload.document,
        proposalId: context.proposalId,
        proposedBy: context.maker.email,
      },
      clientAddress: context.checker.clientAddress ?? null,
      userAgent: context.checker.userAgent ?? null,
    });
    return { version, effectiveFrom: effectiveFrom.toISOString() };
  }

  /** `credit-policy.challenger`: sets, changes or ends the challenger of a brand. */
  challengerHandler(): ProposalHandler<'credit-policy.challenger'> {
    return {
      kind: 'credit-policy.challenger',
      inspect: async (db, payload, brandScope): Promise<ProposalTarget> => {
        await this.brandExists(db, payload.packageName, brandScope);
        const champion = await versionInForce(db, payload.packageName, this.clock.now());
        const [current] = await db.query<ChallengerRow>(
          `select package_name, version, share_percent, set_at from credit_policy_challengers
            where package_name = $1 and ended_at is null`,
          [payload.packageName],
        );
        if (payload.version === null) {
          if (!current) throw new AppError('CHALLENGER_NONE');
        } else {
          const [version] = await db.query<{ package_name: string | null }>(
            `select package_name from credit_policy_versions where version = $1 and published_at is not null`,
            [payload.version],
          );
          if (
            !version ||
            (version.package_name !== null && version.package_name !== payload.packageName) ||
            payload.version === champion.version
          )
            throw new AppError('CHALLENGER_VERSION_INVALID');
        }
        const words = (c: { version: number | null; share: number | null } | null) =>
          c && c.version !== null ? `version ${c.version}, ${c.share}% of new applications` : 'none';
        const before = current ? { version: current.version, share: current.share_percent } : null;
        const after = { version: payload.version, share: payload.sharePercent };
        return {
          targetType: 'creditPolicy',
          targetId: payload.packageName,
          brand: payload.packageName,
          summary:
            payload.version === null
              ? `End ${payload.packageName}'s challenger (${words(before)}): version ${champion.version} decides every application`
              : `Challenger for ${payload.packageName}: ${words(after)}, against version ${champion.version}`,
          dedupeKey: `challenger:${payload.packageName}`,
          fingerprint: `champion ${champion.version}; challenger ${before ? `${before.version}/${before.share}` : 'none'}`,
          changes: [
            {
              field: 'challenger',
              label: `Challenger against version ${champion.version}`,
              kind: 'text',
              before: words(before),
              after: words(after),
            },
          ],
        };
      },
      apply: async (tx, payload, context) => {
        await tx.query(
          `update credit_policy_challengers set ended_at = $2 where package_name = $1 and ended_at is null`,
          [payload.packageName, context.at.toISOString()],
        );
        if (payload.version !== null) {
          await tx.query(
            `insert into credit_policy_challengers (package_name, version, share_percent, set_at, set_by)
             values ($1, $2, $3, $4, $5)`,
            [
              payload.packageName,
              payload.version,
              payload.sharePercent,
              context.at.toISOString(),
              context.maker.email,
            ],
          );
        }
        await recordAudit(tx, {
          at: context.at,
          actorId: context.checker.staffId,
          actorEmail: context.checker.email,
          action: 'credit-policy.challenger',
          target: `creditPolicy:${payload.packageName}`,
          brandScope: payload.packageName,
          after: {
            version: payload.version,
            sharePercent: payload.sharePercent,
            proposalId: context.proposalId,
            proposedBy: context.maker.email,
          },
          clientAddress: context.checker.clientAddress ?? null,
          userAgent: context.checker.userAgent ?? null,
        });
        return {
          packageName: payload.packageName,
          version: payload.version,
          sharePercent: payload.sharePercent,
        };
      },
    };
  }
}
