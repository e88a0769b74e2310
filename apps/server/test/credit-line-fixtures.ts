import { type CreditLinePolicy, CreditPolicyDocument } from '@hiram/contract/credit-policy';
import type { TestServer } from './helper.ts';

/** Version 1 as migration 0051 publishes it for every brand. */
export const POLICY_V1_LINE: CreditLinePolicy = {
  starter: 300_000,
  ladder: [500_000, 800_000, 1_200_000, 2_000_000, 3_000_000, 4_500_000, 6_000_000],
  overdue: { afterDays: 7, action: 'lowerOneRung' },
};

/**
 * Publishes the next credit policy version, in force from now: `changes` to version 1's credit line, for one
 * brand or (null) every brand. Its number is returned.
 */
export async function publishCreditPolicy(
  server: TestServer,
  changes: Partial<CreditLinePolicy>,
  packageName: string | null = null,
): Promise<number> {
  const document = CreditPolicyDocument.parse({ creditLine: { ...POLICY_V1_LINE, ...changes } });
  const now = server.clock.now().toISOString();
  const [row] = await server.db.query<{ version: number }>(
    `insert into credit_policy_versions (version, package_name, document, effective_from, published_at,
       created_by, created_at)
     select coalesce(max(version), 0) + 1, $1, $2, $3, $3, 'test', $3 from credit_policy_versions
     returning version`,
    [packageName, JSON.stringify(document), now],
  );
  return row?.version as number;
}

/**
 * For suites about something else that borrow more than a starter may: every new borrower's line starts above
 * any product's maximum (₱1,000,000), so each product lends up to its own, as before credit lines.
 */
export function lendUpToProductMaximum(server: TestServer): Promise<number> {
  return publishCreditPolicy(server, { starter: 100_000_000, ladder: [] });
}

/** Sets one borrower's credit line, for a test that needs her to borrow `amount` whatever the policy says. */
export async function setCreditLine(server: TestServer, userId: string, amount: number): Promise<void> {
  const now = server.clock.now().toISOString();
  await server.db.transaction(async (tx) => {
    await tx.query(
      `insert into credit_lines (user_id, package_name, amount, frozen, policy_version, updated_at)
       select user_id, package_name, $2, false, 1, $3 from users where user_id = $1
       on conflict (user_id) do update set amount = excluded.amount`,
      [userId, amount, now],
    );
    await tx.query(
      `insert into credit_line_events (user_id, package_name, reason, new_amount, frozen, policy_version, at)
       select user_id, package_name, 'opened', $2, false, 1, $3 from users where user_id = $1
       on conflict do nothing`,
      [userId, amount, now],
    );
  });
}
