import {
  birthdayMonthName,
  birthdayRange,
  birthdayWheelStart,
  type CalendarDate,
  displayBirthday,
  formatBirthday,
  manilaToday,
  parseBirthday,
} from '@hiram/contract/profile';
import DatePicker from 'antd-mobile/es/components/date-picker';
import { useMemo } from 'react';
import { useI18n } from '../../../lib/i18n/i18n.tsx';
import type { SheetText } from './choice-picker.tsx';
import { SheetField } from './sheet-field.tsx';
import type { FieldBaseProps } from './text-input.tsx';

const toDate = (date: CalendarDate) => new Date(date.year, date.month - 1, date.day);

/**
 * The birthday (SPEC section 5): the wheel reaches from 18 years back from today in Manila to 65 years
 * further back and, empty, opens at a typical borrower's age; months are named in the borrower's language;
 * the value is held as MM-DD-YYYY.
 */
export function BirthdayPicker({
  form,
  label,
  required,
  optionalText,
  hint,
  sheet,
}: Omit<FieldBaseProps, 'field'> & { sheet: SheetText }) {
  const field = 'inputBirthday';
  const { lang } = useI18n();
  const { min, max, start } = useMemo(() => {
    const today = manilaToday();
    const range = birthdayRange(today);
    return {
      min: toDate(range.earliest),
      max: toDate(range.latest),
      start: toDate(birthdayWheelStart(today)),
    };
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
      hint={hint}
      shown={text ? displayBirthday(text, lang) : undefined}
      placeholder={sheet.placeholder}
      renderSheet={({ open, close }) => (
        <DatePicker
          visible={open}
          title={label}
          min={min}
          max={max}
          precision="day"
          value={parsed ? toDate(parsed) : start}
          renderLabel={(type, data) => (type === 'month' ? birthdayMonthName(data, lang) : String(data))}
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
