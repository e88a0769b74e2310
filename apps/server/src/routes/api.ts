import type { FastifyInstance } from 'fastify';
import { AppError } from '../domain/app-error.ts';
import { wasDeciphered } from '../plugins/infra/path-cipher.ts';
import { appRoutes } from './app/index.ts';
import { appDownloadRoutes } from './app-download/index.ts';
import { callbackRoutes } from './callback/index.ts';
import { payoutCallbackRoutes } from './callback/payout.ts';
import { disbursementRoutes } from './loan/disbursement.ts';
import { loanRoutes } from './loan/index.ts';
import { loanOrderRoutes } from './loan/orders.ts';
import { restructureRoutes } from './loan/restructure.ts';
import { loanMarketRoutes } from './loan-market/index.ts';
import { logRoutes } from './log/index.ts';
import { lotteryDrawRoutes } from './lottery-draw/index.ts';
import { matiRoutes } from './mati/index.ts';
import { portalRoutes } from './portal/index.ts';
import { repayRoutes } from './repay/index.ts';
import { promiseRoutes } from './repay/promises.ts';
import { servicingRoutes } from './repay/servicing.ts';
import { voucherUploadRoutes } from './repay/voucher-upload.ts';
import { securityRoutes } from './security/index.ts';
import { timeRoutes } from './time/index.ts';
import { applicationRoutes } from './user/application.ts';
import { bankAccountRoutes } from './user/bank-account.ts';
import { identityRoutes } from './user/identity.ts';
import { userRoutes } from './user/index.ts';
import { messagesRoutes } from './user/messages.ts';
import { privacyRoutes } from './user/privacy.ts';
import { uploadRoutes } from './user/uploads.ts';

/**
 * The contract's endpoints under /api, with the hooks every one of them shares: clear paths are refused
 * when CLEAR_PATHS is off, and the `packageName` header must name a known brand.
 */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  app.decorateRequest('brand', null);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    // A clear path in production is answered like a path that does not exist.
    if (!app.config.clearPaths && !wasDeciphered(request.raw)) throw new AppError('NOT_FOUND');
    const brand = app.brands.find(request.headers.packagename);
    if (!brand) throw new AppError('UNKNOWN_BRAND');
    request.brand = brand;
  });
  await app.register(securityRoutes);
  await app.register(userRoutes);
  await app.register(loanMarketRoutes);
  await app.register(appDownloadRoutes);
  await app.register(logRoutes);
  await app.register(loanRoutes);
  await app.register(loanOrderRoutes);
  await app.register(disbursementRoutes);
  await app.register(applicationRoutes);
  await app.register(identityRoutes);
  // Own scopes: uploads read only multipart, the webhook only JSON.
  await app.register(uploadRoutes);
  await app.register(bankAccountRoutes);
  await app.register(appRoutes);
  await app.register(timeRoutes);
  await app.register(matiRoutes);
  await app.register(repayRoutes);
  await app.register(portalRoutes);
  // Own scope: the signed callback reads only JSON.
  await app.register(callbackRoutes);
  await app.register(payoutCallbackRoutes);
  await app.register(lotteryDrawRoutes);
  await app.register(servicingRoutes);
  await app.register(promiseRoutes);
  await app.register(restructureRoutes);
  await app.register(voucherUploadRoutes);
  await app.register(messagesRoutes);
  await app.register(privacyRoutes);
}
