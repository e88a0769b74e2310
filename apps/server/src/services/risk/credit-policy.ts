import { CreditPolicyDocument } from '@hiram/contract/credit-policy';
import type { Queryable } from '../../db/database.ts';

/** A published version of the credit policy, as the contract's schema reads it. */
export interface CreditPolicy {
  version: number;
  /** null: every brand's. */
  packageName: string | null;
  document: CreditPolicyDocument;
}

/**
 * The version in force for a brand at a time: the brand's own latest published version effective by then,
 * else the latest for every brand (docs/decisions/0068). Migration 0051 publishes version 1 for every brand,
 * so there is always one.
 */
export async function creditPolicyInForce(
  db: Queryable,
  packageName: string,
  at: Date,
): Promise<CreditPolicy> {
  const [row] = await db.query<{ version: number; package_name: string | null; document: unknown }>(
    `select version, package_name, document from credit_policy_versions
     where published_at is not null and effective_from <= $2 and (package_name = $1 or package_name is null)
     order by package_name is null, effective_from desc, version desc limit 1`,
    [packageName, at.toISOString()],
  );
  if (!row) throw new Error(`No credit policy in force for ${packageName}`);
  const document = typeof row.document === 'string' ? JSON.parse(row.document) : row.document;
  // A version that does not parse is a fault of whoever wrote it: refused loudly, never half-applied.
  return {
    version: row.version,
    packageName: row.package_name,
    document: CreditPolicyDocument.parse(document),
  };
}
