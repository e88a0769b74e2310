import { formatPeso, pesosToCentavos } from '@hiram/contract/money';
import { PROPOSAL_KINDS, PROPOSAL_REASON_MAX_LENGTH } from '@hiram/contract/ops/approvals';
import { type BorrowerCreditLine, CREDIT_LINE_REASON_LABELS } from '@hiram/contract/ops/credit-lines';
import { type FormEvent, useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';

const RULE = PROPOSAL_KINDS['credit-line.change'];

function lineText(amount: number, frozen: boolean): string {
  return `${formatPeso(amount)}${frozen ? ' (on hold)' : ''}`;
}

/**
 * The borrower's credit line (issue 21; docs/decisions/0068): what she may borrow now, every change of it
 * (when, why, old → new, by which policy version, which loan or approved proposal), and the staff change
 * under maker-checker: a reviewer or risk officer proposes another amount or to take it off hold, with a
 * reason; a risk officer or an admin approves it in Approvals (the borrower's pending proposals show above).
 */
export function CreditLineSection({
  userId,
  line,
  onProposed,
}: {
  userId: string;
  line: BorrowerCreditLine;
  /** After a proposal is sent: the page lists it with the borrower's pending proposals. */
  onProposed: (summary: string) => void;
}) {
  const session = useSession();
  const role = session.member?.role;
  const canPropose = role ? (RULE.makers as readonly string[]).includes(role) : false;
  const [error, setError] = useState<string | null>(null);

  const propose = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = pesosToCentavos(String(data.get('amount') ?? '').trim());
    if (amount === null || amount <= 0) {
      setError('Enter the line in pesos, e.g. 5,000.');
      return;
    }
    try {
      const proposal = await opsCall('opsProposalCreate', {
        kind: 'credit-line.change',
        payload: { userId, amount, frozen: data.get('frozen') === 'on' },
        reason: String(data.get('reason') ?? '').trim(),
      });
      form.reset();
      setError(null);
      onProposed(proposal.summary);
    } catch (problem) {
      setError(problem instanceof OpsApiError ? problem.message : 'The proposal could not be sent.');
    }
  };

  return (
    <>
      <h2>Credit line</h2>
      <p data-testid="credit-line">
        <strong>{lineText(line.amount, line.frozen)}</strong> · policy version {line.policyVersion}
        {line.frozen ? ' · does not climb with loans repaid on time until taken off hold' : ''}
      </p>
      <DataTable
        label="Credit line history, newest first"
        rows={line.history}
        rowKey={(e) => `${e.at}-${e.reason}-${e.orderId ?? e.proposalId ?? ''}`}
        empty="Not written yet: worked out from her loans by the policy in force."
        columns={[
          { header: 'When', cell: (e) => dateTime(e.at) },
          {
            header: 'Why',
            cell: (e) => `${CREDIT_LINE_REASON_LABELS[e.reason]}${e.replayed ? ' (from earlier loans)' : ''}`,
          },
          {
            header: 'Old → new',
            cell: (e) =>
              e.oldAmount === null
                ? lineText(e.newAmount, e.frozen)
                : `${formatPeso(e.oldAmount)} → ${lineText(e.newAmount, e.frozen)}`,
          },
          { header: 'Policy version', cell: (e) => String(e.policyVersion) },
          {
            header: 'Loan or proposal',
            cell: (e) =>
              e.orderId ? (
                <a href={paths.loan.getHref(e.orderId)} aria-label={`Loan ${e.orderId}`}>
                  <code>{e.orderId.slice(0, 8)}</code>
                </a>
              ) : e.proposalId ? (
                <code title={e.proposalId}>{e.proposalId.slice(0, 8)}</code>
              ) : (
                '—'
              ),
          },
        ]}
      />
      {canPropose ? (
        <form
          key={`${line.amount}-${line.frozen}`}
          className="filters"
          aria-label="Change the credit line"
          onSubmit={propose}
        >
          <div className="field">
            <label htmlFor="credit-line-amount">New line (₱)</label>
            <input
              id="credit-line-amount"
              name="amount"
              required
              inputMode="decimal"
              defaultValue={String(line.amount / 100)}
            />
          </div>
          <div className="field">
            <label htmlFor="credit-line-frozen">
              <input id="credit-line-frozen" name="frozen" type="checkbox" defaultChecked={line.frozen} /> On
              hold
            </label>
          </div>
          <div className="field grow">
            <label htmlFor="credit-line-reason">Reason</label>
            <input
              id="credit-line-reason"
              name="reason"
              required
              minLength={3}
              maxLength={PROPOSAL_REASON_MAX_LENGTH}
            />
          </div>
          <button type="submit">Propose the change</button>
        </form>
      ) : (
        <p className="hint">Only {RULE.makers.join(' or ')} may propose a change of the line.</p>
      )}
      <ErrorMessage error={error} />
    </>
  );
}
