import './digit-groups.css';
import type { CSSProperties } from 'react';

/**
 * A long number split in fours, as a cashier types it ("2617 7147 1727 7"); anything else (letters, a
 * short code) stays as it is. The copy buttons copy the value whole, never these groups.
 */
export function digitGroups(value: string): string[] {
  return /^\d{8,}$/.test(value) ? (value.match(/\d{1,4}/g) ?? [value]) : [value];
}

/**
 * A reference or account number a borrower reads out to a cashier: always one line, in tabular digits,
 * its groups never split. The type shrinks (down to the width the box has) rather than wrap: a digit
 * alone on a second line is misread at the counter. `maxRem` is the size it has when it fits.
 */
export function DigitGroups({
  value,
  maxRem = 1.125,
  className,
}: {
  value: string;
  maxRem?: number;
  className?: string;
}) {
  const groups = digitGroups(value);
  const characters = groups.join(' ').length;
  const style = { '--digits-chars': characters, '--digits-max': `${maxRem}rem` } as CSSProperties;
  return (
    <span className="digits-box">
      <span className={`digits${className ? ` ${className}` : ''}`} style={style} data-digits={value}>
        {groups.map((group, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the groups are positions in one fixed value.
          <span key={i} className="digits-group">
            {i > 0 ? ' ' : ''}
            {group}
          </span>
        ))}
      </span>
    </span>
  );
}
