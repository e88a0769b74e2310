import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT } from './server.ts';

/**
 * Publishes, in a stopped server's data directory, a credit policy version for every brand whose starter line
 * is above any product's maximum (₱1,000,000): every new borrower may then borrow up to the product's own
 * maximum, as before credit lines (docs/decisions/0068). The journeys about something else start from it; the
 * credit-line journey starts from the data directory as migration 0051 leaves it.
 */
export async function lendUpToProductMaximum(dataDir: string): Promise<void> {
  const script = `
    import { CreditPolicyDocument } from '@hiram/contract/credit-policy';
    import { openDatabase } from './apps/server/src/db/open-database.ts';
    const db = await openDatabase({ databaseUrl: '', dataDir: process.argv[1] });
    const document = CreditPolicyDocument.parse({ creditLine: {
      starter: 100000000, ladder: [], overdue: { afterDays: 7, action: 'lowerOneRung' } } });
    await db.query(
      \`insert into credit_policy_versions (version, package_name, document, effective_from, published_at,
         created_by, created_at)
       select max(version) + 1, null, $1, '2000-01-01T00:00:01Z', now(), 'e2e', now() from credit_policy_versions\`,
      [JSON.stringify(document)],
    );
    await db.close();
  `;
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script, dataDir],
    {
      cwd: REPO_ROOT,
    },
  );
}
