import type { FastifyInstance } from 'fastify';
import { RawAnswer } from '../endpoint.ts';
import type { OpsDefine } from './define.ts';

/** The loans list, the loan page, its signed documents and the retry of a failed payout (ADR 0029). */
export function loanEndpoints(app: FastifyInstance, define: OpsDefine): void {
  define('opsLoanList', async ({ input, actor }) => app.loanBook.list(input, actor.brandScope));

  define('opsLoanView', async ({ input, actor }) => app.loanBook.view(input.orderId, actor.brandScope));

  define('opsLoanDocument', async ({ input, actor }) => {
    const signed = await app.loanBook.signedDocument(input.orderId, input.document, actor);
    const part = input.document === 'disclosure' ? 'disclosure' : 'whole';
    const reader = actor.staffId ? { staff: actor.staffId } : null;
    const pdf = await app.documents.signedAgreement(reader, signed, 'en', part);
    const name = input.document === 'disclosure' ? 'disclosure-statement' : 'loan-agreement';
    return new RawAnswer('application/pdf', pdf, {
      // Opened in the browser's viewer, in a new tab: the page stays where it was.
      'content-disposition': `inline; filename="${name}-${input.orderId.slice(0, 8)}.pdf"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  define('opsPayoutRetry', async ({ input, actor }) =>
    app.disbursements.retryFailedPayout(input.orderId, input.failedPayoutId, actor),
  );

  define('opsLoanRefunds', async ({ input, actor }) => app.refunds.ofLoan(input.orderId, actor.brandScope));

  define('opsRefundRetry', async ({ input, actor }) =>
    app.refunds.retry(input.orderId, input.failedRefundId, actor),
  );
}
