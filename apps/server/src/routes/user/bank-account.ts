import { findInstitution, isValidAccountNumber } from '@hiram/contract/banks';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_CHECKS_PER_USER_PER_HOUR, HOUR_SECONDS } from '../../domain/limits.ts';
import { defineEndpoint, sessionOf } from '../endpoint.ts';

/** The account that receives the money (SPEC sections 3 and 5); the rules are in PayoutAccounts. */
export async function bankAccountRoutes(app: FastifyInstance): Promise<void> {
  const { payoutAccounts, security } = app;

  // The number rules only, for the form to check as the borrower types; the provider checks the rest.
  defineEndpoint(app, 'verifyBankCard', async ({ input, language }) => {
    if (!findInstitution(input.bankCode)) return { valid: false, message: FIELD_MESSAGES.invalid[language] };
    const valid = isValidAccountNumber(input.bankCode, input.accountNumber.trim());
    return { valid, message: valid ? null : FIELD_MESSAGES.invalidAccountNumber[language] };
  });

  // InstaPay and PESONet route by bank, not by branch: no Philippine payout needs one.
  defineEndpoint(app, 'getBankBranch', async () => []);

  // Each account named is a check a real payout provider charges for.
  const checks = {
    scope: 'account-check',
    limit: ACCOUNT_CHECKS_PER_USER_PER_HOUR,
    windowSeconds: HOUR_SECONDS,
  };

  defineEndpoint(app, 'addBankCard', async ({ input, request, language }) => {
    const { userId } = sessionOf(request);
    await app.rateLimits.spend(checks, userId);
    return payoutAccounts.add(userId, input, language);
  });

  defineEndpoint(app, 'getBindCardResult', async ({ request, language }) =>
    payoutAccounts.account(sessionOf(request).userId, language),
  );

  defineEndpoint(app, 'updateBankCard', async ({ input, request, language, brand }) => {
    const { userId } = sessionOf(request);
    await app.rateLimits.spend(checks, userId);
    const { mobile } = await security.userInfo(userId);
    return payoutAccounts.update(
      userId,
      { mobile, appName: brand.appName, packageName: brand.packageName },
      input,
      language,
    );
  });
}
