import { createHash } from 'node:crypto';
import { CreditPolicyDocument, type DecisionVariant } from '@hiram/contract/credit-policy';
import type { Queryable } from '../../db/database.ts';
import { type CreditPolicy, creditPolicyInForce } from './credit-policy.ts';

/**
 * Which version of the credit policy decides an application (ADR 0069): the champion, the version in force for
 * the brand when it was submitted; or, while a challenger is set for the brand (`credit_policy_challengers`),
 * the challenger version for the share of borrowers whose bucket falls below its share. The bucket is a hash of
 * the borrower and the brand, so a borrower stays on the same side for as long as the setting stands, whatever
 * she applies for and however often.
 */

export interface Challenger {
  challengerId: number;
  /** null: every brand's. */
  packageName: string | null;
  version: number;
  sharePercent: number;
  setAt: string;
}

/** The borrower's bucket for a brand, 0 to 99: the first four bytes of sha256(user id, brand) mod 100. */
export function challengerBucket(userId: string, packageName: string): number {
  const digest = createHash('sha256').update(`${userId}\u0000${packageName}`).digest();
  return digest.readUInt32BE(0) % 100;
}

/** The side a borrower falls on: the challenger when her bucket is below its share. */
export function variantFor(
  userId: string,
  packageName: string,
  challenger: Pick<Challenger, 'sharePercent'> | null,
): DecisionVariant {
  return challenger && challengerBucket(userId, packageName) < challenger.sharePercent
    ? 'challenger'
    : 'champion';
}

/**
 * The challenger set for a brand at a time: the brand's own, else the one for every brand; its version must be
 * published (an unpublished draft never decides anybody).
 */
export async function challengerInForce(
  db: Queryable,
  packageName: string,
  at: Date,
): Promise<Challenger | null> {
  const [row] = await db.query<{
    challenger_id: string | number;
    package_name: string | null;
    version: number;
    share_percent: number;
    set_at: Date | string;
  }>(
    `select c.challenger_id, c.package_name, c.version, c.share_percent, c.set_at
       from credit_policy_challengers c join credit_policy_versions v on v.version = c.version
      where (c.package_name = $1 or c.package_name is null) and c.set_at <= $2
        and (c.ended_at is null or c.ended_at > $2) and v.published_at is not null
      order by c.package_name is null, c.set_at desc limit 1`,
    [packageName, at.toISOString()],
  );
  if (!row) return null;
  return {
    challengerId: Number(row.challenger_id),
    packageName: row.package_name,
    version: Number(row.version),
    sharePercent: Number(row.share_percent),
    setAt: new Date(row.set_at).toISOString(),
  };
}

/** One published version by its number, as the contract's schema reads it. */
export async function creditPolicyVersion(db: Queryable, version: number): Promise<CreditPolicy> {
  const [row] = await db.query<{ version: number; package_name: string | null; document: unknown }>(
    'select version, package_name, document from credit_policy_versions where version = $1 and published_at is not null',
    [version],
  );
  if (!row) throw new Error(`No published credit policy version ${version}`);
  const document = typeof row.document === 'string' ? JSON.parse(row.document) : row.document;
  return {
    version: Number(row.version),
    packageName: row.package_name,
    document: CreditPolicyDocument.parse(document),
  };
}

/** The version that decides a borrower's application submitted at `at`, and which side it is. */
export async function policyForApplication(
  db: Queryable,
  input: { userId: string; packageName: string; at: Date },
): Promise<{ policy: CreditPolicy; variant: DecisionVariant }> {
  const challenger = await challengerInForce(db, input.packageName, input.at);
  if (variantFor(input.userId, input.packageName, challenger) === 'challenger' && challenger)
    return { policy: await creditPolicyVersion(db, challenger.version), variant: 'challenger' };
  return { policy: await creditPolicyInForce(db, input.packageName, input.at), variant: 'champion' };
}
