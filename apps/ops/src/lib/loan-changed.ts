import { createContext, useContext } from 'react';

/**
 * How an action inside the loan page (a money action approved, a payout retried) tells the page the loan
 * changed, so it reads the loan again: figures, status, timeline and ledger, not only the action's own panel.
 * The loan page provides it; outside one it does nothing.
 */
export const LoanChangedContext = createContext<() => void>(() => {});

export function useLoanChanged(): () => void {
  return useContext(LoanChangedContext);
}
