import { ASSESSMENT_REASON_LABELS } from '@hiram/contract/assessment';
import type { CreditPolicyDocument } from '@hiram/contract/credit-policy';
import { formatPeso } from '@hiram/contract/money';
import { BAND_LABELS, conditionsText, OVERDUE_ACTION_LABELS } from '@hiram/contract/ops/credit-policy';

/**
 * A version of the credit policy as a risk committee reads it: the credit line in pesos, each rule with its
 * staff label, its band and its conditions in words, and the assessment's settings.
 */
export function PolicyDocument({ document, title }: { document: CreditPolicyDocument; title: string }) {
  const { creditLine, assessment } = document;
  return (
    <section className="policy-document" aria-label={title}>
      <h3>Credit line</h3>
      <dl className="policy-facts">
        <dt>A new borrower starts at</dt>
        <dd>{formatPeso(creditLine.starter)}</dd>
        <dt>Each loan repaid on time climbs to</dt>
        <dd>
          {creditLine.ladder.length
            ? creditLine.ladder.map(formatPeso).join(' → ')
            : 'no rung: the line stays'}
        </dd>
        <dt>A loan {creditLine.overdue.afterDays} days overdue</dt>
        <dd>{OVERDUE_ACTION_LABELS[creditLine.overdue.action]}</dd>
      </dl>
      <h3>Rules ({assessment.rules.length})</h3>
      <table className="policy-rules">
        <caption className="visually-hidden">Rules, in the order they are checked</caption>
        <thead>
          <tr>
            <th scope="col">Reason</th>
            <th scope="col">Band</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {assessment.rules.map((rule) => (
            <tr key={rule.reason}>
              <th scope="row">{ASSESSMENT_REASON_LABELS[rule.reason]}</th>
              <td>
                <span className={`band band-${rule.band}`}>{BAND_LABELS[rule.band]}</span>
              </td>
              <td>{conditionsText(rule.conditions)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="policy-facts">
        <dt>A refused borrower may apply again after</dt>
        <dd>{assessment.reapplyAfterDays} days</dd>
        <dt>Fraud window (application counts look back)</dt>
        <dd>{assessment.fraudWindowDays} days</dd>
        <dt>Ask the credit bureau</dt>
        <dd>{assessment.askBureau ? 'Yes, with the borrower’s consent' : 'No'}</dd>
      </dl>
    </section>
  );
}
