import { apiFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** The signed agreement with its Disclosure Statement, as the PDF the borrower keeps. */
export async function downloadSignedAgreement(orderId: string): Promise<void> {
  const pdf = await apiFile('getMoneyContract', { orderId }, { loading: true });
  saveFile(pdf, `loan-agreement-${orderId.slice(0, 8)}.pdf`);
}
