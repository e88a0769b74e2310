/**
 * When a refused borrower may apply again (services/risk/refusal.ts): midnight in Manila of the Manila day
 * `days` after the refusal's, the day she is told ("You can apply again from December 21, 2026").
 */
export function reapplyMoment(refusedAt: Date | string | number, days = 30): string {
  const at = new Date(refusedAt).getTime();
  const day = new Date(at + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return new Date(`${day}T00:00:00+08:00`).toISOString();
}
