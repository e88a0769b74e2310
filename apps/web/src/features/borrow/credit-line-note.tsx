import { formatPeso } from '@hiram/contract/money';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import type { CreditInfo } from './api/get-credit-info.ts';
import { creditLineNote } from './credit-line.ts';
import { creditLineText } from './credit-line-text.ts';

/**
 * The borrower's credit line and how it grows, two short rows (ADR 0068). `className` places it: on Home's
 * card (white on the brand) or on to_borrow's amount card. The screen asks for `info` (useCreditInfo) and
 * waits for it, so the note never pushes what is below it; nothing when it could not be had. `growthOnly`:
 * where the amount is already the screen's figure (the paid card's "Borrow again, up to"), only how it grows.
 */
export function CreditLineNote({
  info,
  className,
  growthOnly = false,
}: {
  info: CreditInfo | undefined;
  className: string;
  growthOnly?: boolean;
}) {
  const t = useFeatureText(creditLineText);
  const note = creditLineNote(info);
  if (!note || (growthOnly && note.kind === 'top')) return null;
  return (
    <p className={className}>
      {growthOnly ? null : <strong>{t('line', { amount: formatPeso(note.line) })}</strong>}
      {note.kind === 'grows' ? <span>{t('grows', { amount: formatPeso(note.next) })}</span> : null}
      {note.kind === 'frozen' ? <span>{t('frozen')}</span> : null}
    </p>
  );
}
