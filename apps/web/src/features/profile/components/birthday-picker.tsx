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
import { useMemo, useRef, useState } from 'react';
import { ChevronIcon } from '../../../components/extra-icons.tsx';
import type { SheetText } from './choice-picker.tsx';
import { controlAria, FieldFrame, fieldIds } from './field-frame.tsx';
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
  hint,
  sheet,
}: Omit<FieldBaseProps, 'field'> & { sheet: SheetText }) {
  const field = 'inputBirthday';
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { min, max } = useMemo(() => {
    const range = birthdayRange(manilaToday());
    return { min: toDate(range.earliest), max: toDate(range.latest) };
  }, []);
  const { controlId, labelId } = fieldIds(field);
  const text = form.text(field);
  const parsed = parseBirthday(text);
  const red = form.red(field);
  const message = form.message(field);
  const hasNote = Boolean((red && message) || hint);

  return (
    <FieldFrame
      field={field}
      label={label}
      required={required}
      optionalText={optionalText}
      red={red}
      message={message}
      hint={hint}
    >
      <button
        ref={buttonRef}
        type="button"
        id={controlId}
        className="field-control pf-select"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${controlId}-value`}
        onClick={() => setOpen(true)}
        {...controlAria(field, red, hasNote, required)}
      >
        <span id={`${controlId}-value`} className={text ? 'pf-select-value' : 'pf-select-placeholder'}>
          {text ? displayBirthday(text) : sheet.placeholder}
        </span>
        <ChevronIcon className="pf-select-chevron" />
      </button>
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
        className="pf-picker"
        destroyOnClose
        mouseWheel
        onConfirm={(date) =>
          form.select(
            field,
            formatBirthday({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }),
          )
        }
        onCancel={() => form.leave(field)}
        onClose={() => {
          setOpen(false);
          buttonRef.current?.focus({ preventScroll: true });
        }}
      />
    </FieldFrame>
  );
}
