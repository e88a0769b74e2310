import { apiFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** The statement of account of a loan, saved as a PDF. */
export async function downloadStatement(orderId: string): Promise<void> {
  const pdf = await apiFile('statementOfAccount', { orderId }, { loading: true });
  saveFile(pdf, `statement-of-account-${orderId.slice(0, 8)}.pdf`);
}

/** The clearance letter of a loan paid in full, saved as a PDF (409 before). */
export async function downloadClearanceLetter(orderId: string): Promise<void> {
  const pdf = await apiFile('clearanceLetter', { orderId }, { loading: true });
  saveFile(pdf, `clearance-letter-${orderId.slice(0, 8)}.pdf`);
}
