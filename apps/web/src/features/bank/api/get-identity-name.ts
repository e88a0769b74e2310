import { apiRequest } from '../../../lib/api-client.ts';

/** The name the borrower confirmed in the identity step: the account should be in that name. */
export async function getIdentityName(): Promise<string | null> {
  try {
    const card = await apiRequest('identityCard', {}, { quiet: true });
    return card.confirmed?.fullName ?? card.ocr?.fullName ?? null;
  } catch {
    return null; // only a suggestion
  }
}
