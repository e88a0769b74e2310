import './choice-sheet.css';
import type { ReactNode } from 'react';
import { CheckIcon } from './icons.tsx';
import { Sheet } from './sheet.tsx';

export interface SheetChoice<Value extends string> {
  value: Value;
  label: string;
  /** One line under the label, when the label alone does not tell it from its neighbours. */
  hint?: string | null;
  /** Shown but not choosable, with `note` saying why. */
  disabled?: boolean;
  note?: string | null;
  icon?: ReactNode;
}

/**
 * A short list to choose one from, on a bottom sheet: the app's one way to pick an option (no native radio
 * buttons or selects beside it). Choosing closes the sheet.
 */
export function ChoiceSheet<Value extends string>({
  open,
  title,
  lead,
  choices,
  chosen,
  onChoose,
  onClose,
}: {
  open: boolean;
  title: string;
  lead?: string;
  choices: readonly SheetChoice<Value>[];
  chosen: Value | null;
  onChoose: (value: Value) => void;
  onClose: () => void;
}) {
  return (
    <Sheet open={open} onClose={onClose} title={title}>
      {lead ? <p className="sheet-lead">{lead}</p> : null}
      <ul className="choice-sheet-list">
        {choices.map((choice) => (
          <li key={choice.value}>
            <button
              type="button"
              className="choice-sheet-option"
              aria-pressed={choice.value === chosen}
              disabled={choice.disabled}
              onClick={() => {
                onChoose(choice.value);
                onClose();
              }}
            >
              {choice.icon ? <span className="choice-sheet-icon">{choice.icon}</span> : null}
              <span className="choice-sheet-text">
                <span className="choice-sheet-label">{choice.label}</span>
                {choice.hint ? <span className="choice-sheet-hint">{choice.hint}</span> : null}
                {choice.disabled && choice.note ? (
                  <span className="choice-sheet-hint">{choice.note}</span>
                ) : null}
              </span>
              {choice.value === chosen ? <CheckIcon /> : null}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
