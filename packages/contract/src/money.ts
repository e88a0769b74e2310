/**
 * Money is integer centavos everywhere (GUIDE section 4); this turns it into what the borrower reads.
 * Formatted by hand rather than with Intl so the server, the browser and the tests agree to the character.
 */
export const CENTAVOS_PER_PESO = 100;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `100000` → `₱1,000`; `100050` → `₱1,000.50`; whole pesos drop the centavos. */
export function formatPeso(centavos: number): string {
  if (!Number.isSafeInteger(centavos))
    throw new RangeError(`centavos must be a safe integer, got ${centavos}`);
  const sign = centavos < 0 ? '-' : '';
  const absolute = Math.abs(centavos);
  const pesos = groupThousands(String(Math.floor(absolute / CENTAVOS_PER_PESO)));
  const rest = absolute % CENTAVOS_PER_PESO;
  return rest === 0 ? `${sign}₱${pesos}` : `${sign}₱${pesos}.${String(rest).padStart(2, '0')}`;
}

/**
 * What staff type in pesos (`1500`, `1,500.5`, `₱1,500.50`) as centavos, exactly (no floating point);
 * null when it is not an amount of pesos with at most two decimals.
 */
export function pesosToCentavos(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/^₱/, '').replaceAll(',', ''));
  if (!match) return null;
  const [, pesos = '0', fraction = ''] = match;
  return Number(pesos) * CENTAVOS_PER_PESO + Number(fraction.padEnd(2, '0'));
}
