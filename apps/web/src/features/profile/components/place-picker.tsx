import { SearchSheet } from '../../../components/search-sheet.tsx';
import type { Choice } from './choice-picker.tsx';
import { SheetField } from './sheet-field.tsx';
import type { FieldBaseProps } from './text-input.tsx';

/**
 * A province or a city: over a hundred names, so a search box over the list rather than a wheel, the
 * same sheet the bank screen uses for banks.
 */
export function PlacePicker({
  form,
  field,
  label,
  required,
  optionalText,
  hint,
  choices,
  placeholder,
  searchLabel,
  emptyText,
  loading,
  beforeOpen,
}: FieldBaseProps & {
  choices: readonly Choice[];
  placeholder: string;
  searchLabel: string;
  emptyText: string;
  /** The list is still on its way. */
  loading: boolean;
  beforeOpen?: () => boolean;
}) {
  const value = form.state.values[field];
  const chosen = typeof value === 'string' && value !== '' ? value : undefined;
  const shown =
    choices.find((choice) => choice.value === chosen)?.label ?? (chosen && loading ? '…' : undefined);

  return (
    <SheetField
      form={form}
      field={field}
      label={label}
      required={required}
      optionalText={optionalText}
      hint={hint}
      shown={shown}
      placeholder={placeholder}
      beforeOpen={() => !loading && (beforeOpen ? beforeOpen() : true)}
      renderSheet={({ open, close }) => (
        <SearchSheet
          open={open}
          title={label}
          items={choices.map((choice) => ({ value: String(choice.value), label: choice.label }))}
          chosen={chosen}
          onChoose={(picked) => form.select(field, picked)}
          onClose={() => {
            if (form.state.values[field] === value) form.leave(field);
            close();
          }}
          searchLabel={searchLabel}
          emptyText={emptyText}
        />
      )}
    />
  );
}
