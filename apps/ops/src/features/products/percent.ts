/** Basis points as staff read them: 300 → "3.00%". */
export function percent(bps: number): string {
  return `${(bps / 100).toFixed(2)}%`;
}
