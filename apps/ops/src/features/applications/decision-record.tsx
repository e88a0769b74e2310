import { ASSESSMENT_REASON_LABELS } from '@hiram/contract/assessment';
import type { DecisionFacts } from '@hiram/contract/credit-policy';
import { formatPeso } from '@hiram/contract/money';
import { conditionsText } from '@hiram/contract/ops/credit-policy';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { Fragment } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { paths } from '../../config/paths.ts';

type Decision = NonNullable<OpsResponseOf<'opsReferredView'>['assessment']['decision']>;

/** The labels name what a rule looks for; the result says whether it was found, and what it meant. */
const RULE_RESULT_TEXT = { refer: 'Yes: refer', reject: 'Yes: reject' } as const;

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

const BUREAU_STATUS_TEXT: Record<string, string> = {
  ok: 'Answered',
  noRecord: 'No record of the borrower',
  unavailable: 'Did not answer',
  notAsked: 'Not asked by this version',
};

/** The facts a reviewer reads first, in words; the record keeps every fact the rules were run on. */
function keyFacts(facts: DecisionFacts): [string, string][] {
  const rows: [string, string][] = [
    ['Age', facts.ageKnown ? String(facts.age) : 'Unknown'],
    [
      'Repayment share of income',
      facts.incomeKnown ? `${(facts.repaymentShareBps / 100).toFixed(2)}% a month` : 'Income unknown',
    ],
    ['Total payable', formatPeso(facts.totalPayable)],
    ['Term', `${facts.tenureDays} days`],
    ['Loans repaid with us', String(facts.loansRepaid)],
    ['An earlier loan fell overdue', yesNo(facts.earlierOrderFellOverdue)],
    ['Applications from this phone', String(facts.deviceApplications)],
    ['Applications from this address', String(facts.addressApplications)],
    ['Credit bureau', BUREAU_STATUS_TEXT[facts.bureauStatus] ?? facts.bureauStatus],
  ];
  if (facts.bureauStatus === 'ok')
    rows.push(
      ['Bureau score', String(facts.bureauScore)],
      ['Bureau open loans', String(facts.bureauOpenLoans)],
      ['Bureau days past due (most)', String(facts.bureauMaxDaysPastDue)],
    );
  return rows;
}

/** Every plain value of a report, named by its path ("report.accounts.open"), so nested parts read as a list. */
function flatten(value: unknown, path: string, into: [string, string][]): [string, string][] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, inner] of Object.entries(value as Record<string, unknown>))
      flatten(inner, path ? `${path}.${name}` : name, into);
  } else
    into.push([
      path || 'report',
      value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value),
    ]);
  return into;
}

/** The bureau's report as kept with the decision (providers/bureau: the inquiry and its answer). */
function BureauReport({ report }: { report: unknown }) {
  return (
    <dl className="facts" aria-label="Credit bureau report">
      {flatten(report, '', []).map(([name, value]) => (
        <Fragment key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * The automated decision as it was recorded (ADR 0069): the policy version and whether it was the champion or
 * the challenger, every rule with its band and whether it fired, the key facts it ran on, the fraud hits with
 * links to the other accounts, and the credit bureau's report when it was asked.
 */
export function DecisionRecord({ decision }: { decision: Decision }) {
  return (
    <>
      <p>
        Decided by credit policy <strong>version {decision.policyVersion}</strong> (
        {decision.variant === 'challenger' ? 'the challenger' : 'the version in force'}).
      </p>
      <DataTable
        label="Assessment checks"
        rows={decision.rules}
        rowKey={(rule) => rule.reason}
        columns={[
          {
            header: 'What the assessment looks for',
            cell: (rule) => (
              <>
                {ASSESSMENT_REASON_LABELS[rule.reason]}
                {rule.conditions ? <div className="muted">{conditionsText(rule.conditions)}</div> : null}
              </>
            ),
          },
          { header: 'Band', cell: (rule) => (rule.band === 'reject' ? 'Rejects' : 'Refers') },
          {
            header: 'Found',
            cell: (rule) =>
              rule.fired ? (
                <span className={`check-${rule.band}`}>{RULE_RESULT_TEXT[rule.band]}</span>
              ) : (
                <span className="check-pass">No</span>
              ),
          },
        ]}
      />
      <h3>Facts the rules were run on</h3>
      <dl className="facts">
        {keyFacts(decision.facts).map(([name, value]) => (
          <Fragment key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <h3>Fraud and duplicate checks</h3>
      {decision.fraudHits.length === 0 ? (
        <p>No other account shares this borrower's details.</p>
      ) : (
        <ul aria-label="Fraud and duplicate hits">
          {decision.fraudHits.map((hit) => (
            <li key={hit.reason}>
              {ASSESSMENT_REASON_LABELS[hit.reason]}:{' '}
              {hit.otherUserIds.map((userId, index) => (
                <span key={userId}>
                  {index > 0 ? ', ' : ''}
                  <a href={paths.borrower.getHref(userId)}>account {userId.slice(0, 8)}</a>
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      {decision.bureauReport !== null ? (
        <>
          <h3>Credit bureau report</h3>
          <BureauReport report={decision.bureauReport} />
        </>
      ) : null}
    </>
  );
}
