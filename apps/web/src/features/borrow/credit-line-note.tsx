import { formatPeso } from '@hiram/contract/money';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import type { CreditInfo } from './api/get-credit-info.ts';
import { creditLineNote } from './credit-line.ts';
import { creditLineText } from './credit-line-text.ts';

/**
 * The borrower's credit line and how it grows, two short rows (ADR 0068). `className` places it: on Home's
 * card (white on the brand) or on to_borrow's amount card. The screen asks for `info` (useCreditInfo) and
 * waits for it, so the note never pushes what is below it; nothing when it could not be had.
 */
export function CreditLineNote({ info, className }: { info: CreditInfo | undefined; className: string }) {
  const t = useFeatureText(creditLineText);
  const note = creditLineNote(info);
  if (!note) return null;
  return (
    <p className={className}>
      <strong>{t('line', { amount: formatPeso(note.line) })}</strong>
      {note.kind === 'grows' ? <span>{t('grows', { amount: formatPeso(note.next) })}</span> : null}
      {note.kind === 'frozen' ? <span>{t('frozen')}</span> : null}
    </p>
  );
}
