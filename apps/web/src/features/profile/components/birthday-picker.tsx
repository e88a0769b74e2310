import {
  BIRTHDAY_MONTH_NAMES,
  birthdayRange,
  type CalendarDate,
  displayBirthday,
  formatBirthday,
  manilaToday,
  parseBirthday,
} from '@hiram/contract/profile';
import DatePicker from 'antd-mobile/es/components/date-picker';
import { useMemo } from 'react';
import type { SheetText } from './choice-picker.tsx';
import { SheetField } from './sheet-field.tsx';
import type { FieldBaseProps } from './text-input.tsx';

const toDate = (date: CalendarDate) => new Date(date.year, date.month - 1, date.day);

/**
 * The birthday (SPEC section 5): the wheel opens 18 years back from today in Manila and reaches 65 years
 * further back; months wear the spec's names; the value is held as MM-DD-YYYY.
 */
export function BirthdayPicker({
  form,
  label,
  required,
  optionalText,
  requiredText,
  hint,
  sheet,
}: Omit<FieldBaseProps, 'field'> & { sheet: SheetText }) {
  const field = 'inputBirthday';
  const { min, max } = useMemo(() => {
    const range = birthdayRange(manilaToday());
    return { min: toDate(range.earliest), max: toDate(range.latest) };
  }, []);
  const text = form.text(field);
  const parsed = parseBirthday(text);

  return (
    <SheetField
      form={form}
      field={field}
      label={label}
      required={required}
      optionalText={optionalText}
      requiredText={requiredText}
      hint={hint}
      shown={text ? displayBirthday(text) : undefined}
      placeholder={sheet.placeholder}
      renderSheet={({ open, close }) => (
        <DatePicker
          visible={open}
          title={label}
          min={min}
          max={max}
          precision="day"
          value={parsed ? toDate(parsed) : null}
          renderLabel={(type, data) =>
            type === 'month' ? (BIRTHDAY_MONTH_NAMES[data - 1] ?? String(data)) : String(data)
          }
          cancelText={sheet.cancel}
          confirmText={sheet.confirm}
          className="sheet-picker"
          destroyOnClose
          mouseWheel
          onConfirm={(date) =>
            form.select(
              field,
              formatBirthday({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }),
            )
          }
          onCancel={() => form.leave(field)}
          onClose={close}
        />
      )}
    />
  );
}
