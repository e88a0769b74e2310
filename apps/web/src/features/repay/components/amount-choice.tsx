import type { Ref } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import type { RepayTextKey } from '../repay-text.ts';

export type PaymentMode = 'full' | 'part';

/**
 * Pay in full or in part, and the part's amount with its rule as the hint: one control for the borrower's
 * repay_detail and the pay-by-link portal, so both word and check the amount alike.
 */
export function AmountChoice({
  t,
  name,
  mode,
  onModeChange,
  typed,
  onTypedChange,
  problem,
  values,
  inputRef,
}: {
  t: FeatureTranslate<RepayTextKey>;
  /** The radio group's name, unique on the page. */
  name: string;
  mode: PaymentMode;
  onModeChange: (mode: PaymentMode) => void;
  typed: string;
  onTypedChange: (typed: string) => void;
  problem: RepayTextKey | null;
  /** The figures the hint and the problem name: min, max and due, already formatted. */
  values: Record<string, string>;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <>
      <fieldset className="choice-group">
        <div className="repay-modes">
          {(['full', 'part'] as const).map((choice) => (
            <label key={choice} className="choice">
              <input
                type="radio"
                name={name}
                value={choice}
                checked={mode === choice}
                onChange={() => onModeChange(choice)}
              />
              <span className="choice-label">{t(choice === 'full' ? 'payFull' : 'payPart')}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'part' ? (
        <TextField
          label={t('amountLabel')}
          inputRef={inputRef}
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          onChange={(event) => onTypedChange(event.target.value)}
          hint={t('amountHint', values)}
          error={problem ? t(problem, values) : undefined}
        />
      ) : null}
    </>
  );
}
