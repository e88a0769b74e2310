import type { FastifyInstance } from 'fastify';
import { amlEndpoints } from './aml.ts';
import { applicationEndpoints } from './applications.ts';
import { approvalEndpoints } from './approvals.ts';
import { auditEndpoints } from './audit.ts';
import { borrowerEndpoints } from './borrowers.ts';
import { brandEndpoints } from './brands.ts';
import { breachEndpoints } from './breaches.ts';
import { cicEndpoints } from './cic.ts';
import { collectionAgencyEndpoints } from './collection-agencies.ts';
import { collectionCaseEndpoints } from './collection-cases.ts';
import { collectionPromiseEndpoints } from './collection-promises.ts';
import { complianceCalendarEndpoints } from './compliance-calendar.ts';
import { creditPolicyEndpoints } from './credit-policy.ts';
import { opsDefiner } from './define.ts';
import { dunningEndpoints } from './dunning.ts';
import { loanEndpoints } from './loans.ts';
import { privacyEndpoints } from './privacy.ts';
import { productEndpoints } from './products.ts';
import { queueEndpoints } from './queues.ts';
import { reconciliationEndpoints } from './reconciliation.ts';
import { reportEndpoints } from './reports.ts';
import { staffEndpoints } from './staff.ts';

/**
 * The back office's JSON API under /ops/api (docs/ops.md), one file per capability; each registers its
 * contract endpoints through the one definer that checks session, role and CSRF.
 */
export async function opsApiRoutes(app: FastifyInstance): Promise<void> {
  const define = opsDefiner(app);
  staffEndpoints(app, define);
  borrowerEndpoints(app, define);
  auditEndpoints(app, define);
  queueEndpoints(app, define);
  approvalEndpoints(app, define);
  reportEndpoints(app, define);
  reconciliationEndpoints(app, define);
  loanEndpoints(app, define);
  applicationEndpoints(app, define);
  productEndpoints(app, define);
  brandEndpoints(app, define);
  creditPolicyEndpoints(app, define);
  dunningEndpoints(app, define);
  collectionAgencyEndpoints(app, define);
  collectionCaseEndpoints(app, define);
  privacyEndpoints(app, define);
  cicEndpoints(app, define);
  collectionPromiseEndpoints(app, define);
  breachEndpoints(app, define);
  complianceCalendarEndpoints(app, define);
  amlEndpoints(app, define);
}
