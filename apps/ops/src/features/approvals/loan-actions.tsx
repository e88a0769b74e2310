import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { formatPeso, pesosToCentavos } from '@hiram/contract/money';
import {
  type LoanMoney,
  PROPOSAL_KINDS,
  PROPOSAL_REASON_MAX_LENGTH,
  type ProposalKind,
} from '@hiram/contract/ops/approvals';
import { loanStatusText } from '@hiram/contract/ops/loans';
import { CREDIT_REASON_MAX_LENGTH } from '@hiram/contract/payment-reference';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { PendingProposals } from '../../components/pending-proposals.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useLoanChanged } from '../../lib/loan-changed.ts';
import { useSession } from '../../lib/session.tsx';
import { LoanRefunds } from './loan-refunds.tsx';

const S = LOAN_ORDER_STATUS;

/** A form's field as text, trimmed. */
function text(form: FormData, name: string): string {
  return String(form.get(name) ?? '').trim();
}

/** An amount typed in pesos, as centavos; throws the message to show when it is not one. */
function centavosOf(form: FormData, name: string): number {
  const centavos = pesosToCentavos(text(form, name));
  if (centavos === null || centavos <= 0) throw new Error('Enter an amount in pesos, e.g. 150 or 1,500.50.');
  return centavos;
}

interface ActionProps {
  kind: ProposalKind;
  /** Why the action cannot be proposed on this loan now; null when it can. */
  unavailable: string | null;
  /** Builds the payload from the form, throwing the message to show when a field is wrong. */
  payloadOf: (form: FormData) => Record<string, unknown>;
  onProposed: (summary: string) => void;
  /** The server refused the proposal: the form may ask for more (e.g. "a different payment", ADR 0052). */
  onRefused?: (problem: OpsApiError) => void;
  children?: ReactNode;
}

/** One action's form: its own fields, a reason, and the role check shown before anyone types. */
function ActionForm({ kind, unavailable, payloadOf, onProposed, onRefused, children }: ActionProps) {
  const session = useSession();
  const rule = PROPOSAL_KINDS[kind];
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const allowed = session.member ? (rule.makers as readonly string[]).includes(session.member.role) : false;
  const why = allowed ? unavailable : `Only ${rule.makers.join(' or ')} may propose this.`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    let payload: Record<string, unknown>;
    try {
      payload = payloadOf(data);
    } catch (problem) {
      setError((problem as Error).message);
      return;
    }
    try {
      const proposal = await opsCall('opsProposalCreate', { kind, payload, reason: text(data, 'reason') });
      form.reset();
      setError(null);
      onProposed(proposal.summary);
    } catch (problem) {
      setError(problem instanceof OpsApiError ? problem.message : 'The proposal could not be sent.');
      if (problem instanceof OpsApiError) onRefused?.(problem);
    }
  };

  return (
    <form className="action-card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{rule.label}</h3>
      {/* Nothing to fill in when it cannot be proposed: the reason why is the whole card. */}
      {why ? (
        <p className="hint">{why}</p>
      ) : (
        <>
          {children}
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason</label>
            <input
              id={`${id}-reason`}
              name="reason"
              required
              minLength={3}
              maxLength={PROPOSAL_REASON_MAX_LENGTH}
            />
          </div>
          <button type="submit">Propose</button>
        </>
      )}
      <ErrorMessage error={error} />
    </form>
  );
}

/**
 * A loan's four money actions under maker-checker (ADR 0028): reverse a credited payment, waive a penalty,
 * credit a payment found on a bank statement, write off. Each form proposes; another member approves in the
 * Approvals inbox, and only then does the ledger move. The loan's pending proposals are listed below.
 */
export function LoanActions({ orderId }: { orderId: string }) {
  const [money, setMoney] = useState<LoanMoney | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  /** The server found a credited payment like the bank line typed: ask whether it is another one. */
  const [lookAlike, setLookAlike] = useState(false);
  const id = useId();

  const load = useCallback(async () => {
    try {
      setMoney(await opsCall('opsLoanMoney', { orderId }));
      setFailure(null);
    } catch (error) {
      setFailure(error);
    }
  }, [orderId]);
  useEffect(() => {
    load();
  }, [load]);

  const loanChanged = useLoanChanged();
  /** An approval moved the loan: its balances here and the whole page (figures, status, ledger) read again. */
  const decided = () => {
    load();
    loanChanged();
  };

  const proposed = (summary: string) => {
    setNotice(`Proposed: ${summary}. Another member must approve it in Approvals before anything changes.`);
    setRefreshKey((key) => key + 1);
    load();
  };

  if (failure) return <LoadFailure error={failure} />;
  if (!money) return <p aria-live="polite">Loading…</p>;
  const { balance } = money;
  const open = money.status === S.repaying || money.status === S.overdue;
  const paidOut = open || money.status === S.finished;
  const closed = money.writtenOff
    ? 'This loan has been written off.'
    : paidOut
      ? null
      : 'This loan was not paid out.';
  const reversible = money.payments.filter((payment) => !payment.reversed);
  const figures: [string, string | number][] = [
    ['Status', loanStatusText(money.status)],
    ['Outstanding', formatPeso(balance.totalDue)],
    // Written off: the books' receivables are 0, but the borrower still owes this (ADR 0053).
    ...(money.writtenOff
      ? [['Still owed by the borrower', formatPeso(balance.owedAfterWriteOff)] as [string, string]]
      : []),
    ['Principal', formatPeso(balance.principal)],
    ['Interest', formatPeso(balance.interest)],
    ['Penalty', formatPeso(balance.penalty)],
    ['Overpaid', formatPeso(balance.overpayment)],
  ];

  return (
    <section className="loan-actions" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Money actions</h2>
      <dl className="figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {notice ? (
        <p className="notice" role="status">
          {notice} <a href={paths.approvals.getHref()}>Open Approvals</a>
        </p>
      ) : null}
      <PendingProposals targetType="loan" targetId={orderId} refreshKey={refreshKey} onDecided={decided} />
      <LoanRefunds orderId={orderId} refreshKey={refreshKey} />

      <div className="action-grid">
        <ActionForm
          kind="loan.reverse-credit"
          unavailable={closed ?? (reversible.length === 0 ? 'No credited payment to reverse.' : null)}
          payloadOf={(form) => ({ orderId, journalId: text(form, 'journalId') })}
          onProposed={proposed}
        >
          {/* Radios rather than a select: a payment's line (amount, time, channel and reference) wraps. */}
          <fieldset className="choices">
            <legend>Payment</legend>
            {reversible.map((payment, index) => (
              <label key={payment.journalId}>
                <input type="radio" name="journalId" value={payment.journalId} defaultChecked={index === 0} />{' '}
                {formatPeso(payment.amount)} · {dateTime(payment.occurredAt)} · {payment.memo ?? 'payment'}
              </label>
            ))}
          </fieldset>
        </ActionForm>

        <ActionForm
          kind="loan.waive-penalty"
          unavailable={closed ?? (!open || balance.penalty <= 0 ? 'No penalty outstanding.' : null)}
          payloadOf={(form) => ({ orderId, amount: centavosOf(form, 'amount') })}
          onProposed={proposed}
        >
          <div className="field">
            <label htmlFor={`${id}-waive`}>Amount to waive (₱)</label>
            <input
              id={`${id}-waive`}
              name="amount"
              inputMode="decimal"
              required
              aria-describedby={`${id}-waive-hint`}
            />
            <small id={`${id}-waive-hint`} className="hint">
              At most {formatPeso(balance.penalty)}
            </small>
          </div>
        </ActionForm>

        <ActionForm
          kind="loan.manual-credit"
          // Still owed after a write-off: a payment found on a statement is credited as a recovery (ADR 0053).
          unavailable={money.status === S.writtenOff ? null : closed}
          payloadOf={(form) => ({
            orderId,
            amount: centavosOf(form, 'amount'),
            bankReference: text(form, 'bankReference'),
            receivedOn: text(form, 'receivedOn'),
            ...(form.get('differentPayment')
              ? { differentPaymentReason: text(form, 'differentPaymentReason') }
              : {}),
          })}
          onProposed={(summary) => {
            setLookAlike(false);
            proposed(summary);
          }}
          onRefused={(problem) => setLookAlike(problem.is('PAYMENT_MAY_BE_CREDITED') || lookAlike)}
        >
          <div className="field">
            <label htmlFor={`${id}-credit`}>Amount received (₱)</label>
            <input id={`${id}-credit`} name="amount" inputMode="decimal" required />
          </div>
          <div className="field">
            <label htmlFor={`${id}-reference`}>Bank reference</label>
            <input id={`${id}-reference`} name="bankReference" required minLength={3} maxLength={64} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-received`}>Received on</label>
            <input id={`${id}-received`} name="receivedOn" type="date" required />
          </div>
          {/* Asked only once the server finds a look-alike credited payment: the maker vouches, the checker reads why. */}
          {lookAlike ? (
            <fieldset className="choices look-alike">
              <legend>Already credited?</legend>
              <label>
                <input type="checkbox" name="differentPayment" required /> This is a different payment
              </label>
              <div className="field">
                <label htmlFor={`${id}-different`}>
                  Why it is a different payment (the checker reads this)
                </label>
                <input
                  id={`${id}-different`}
                  name="differentPaymentReason"
                  required
                  minLength={3}
                  maxLength={CREDIT_REASON_MAX_LENGTH}
                />
              </div>
            </fieldset>
          ) : null}
        </ActionForm>

        <ActionForm
          kind="loan.refund-overpayment"
          unavailable={balance.overpayment <= 0 ? 'Nothing is owed back to the borrower.' : null}
          payloadOf={(form) => ({ orderId, amount: centavosOf(form, 'amount') })}
          onProposed={proposed}
        >
          <div className="field">
            <label htmlFor={`${id}-refund`}>Amount to pay back (₱)</label>
            <input
              id={`${id}-refund`}
              name="amount"
              inputMode="decimal"
              required
              defaultValue={(balance.overpayment / 100).toFixed(2)}
              aria-describedby={`${id}-refund-hint`}
            />
            <small id={`${id}-refund-hint`} className="hint">
              At most {formatPeso(balance.overpayment)}, to the borrower's verified account. The books move
              when the provider reports it paid.
            </small>
          </div>
        </ActionForm>

        <ActionForm
          kind="loan.write-off"
          unavailable={closed ?? (!open || balance.totalDue <= 0 ? 'Nothing is outstanding.' : null)}
          payloadOf={() => ({ orderId })}
          onProposed={proposed}
        >
          <p>
            Writes off the {formatPeso(balance.totalDue)} outstanding in the books. The loan shows as Written
            off; the borrower still owes it, and what she pays after is credited as a recovery.
          </p>
        </ActionForm>
      </div>
    </section>
  );
}
