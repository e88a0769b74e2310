import { formatPeso } from '@hiram/contract/money';
import {
  AML_CASE_STATUSES,
  AML_MAKERS,
  AMOUNT_THRESHOLDS,
  type AmlCase,
  RED_FLAG_LABELS,
  RED_FLAG_THRESHOLDS,
  type RedFlagRule,
  THRESHOLD_LABELS,
} from '@hiram/contract/ops/aml';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';

const STATUS_LABELS: Record<AmlCase['status'], string> = {
  open: 'Finding due',
  reportable: 'Report due',
  dismissed: 'Dismissed',
  filed: 'Filed',
};

/** Today on Manila's calendar. */
function manilaToday(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * AML cases (ADR 0085): opened by the red-flag rules, each with its clock: the finding within 10 days of the
 * transaction, then the STR within 5 working days (a CTR within 5 working days of the transaction). The report
 * is drafted from the case as CSV or JSON with the ARRG's fields and filed in the AMLC portal by hand; the case
 * closes with the portal's reference. Below: the red-flag rules in force and a proposal to change one.
 */
export function AmlCasesScreen({ status }: { status: string }) {
  const chosen = (AML_CASE_STATUSES as readonly string[]).includes(status)
    ? (status as AmlCase['status'])
    : undefined;
  const { data, failure, loading, reload } = useOpsData(
    'opsAmlCases',
    chosen ? { status: chosen } : {},
    chosen ?? '',
  );
  return (
    <section aria-labelledby="aml-cases-title">
      <h1 id="aml-cases-title">AML cases</h1>
      <p>
        Red flags found by the daily run. Make the finding within 10 days of the transaction; a suspicious
        one's STR is due 5 working days after the finding.{' '}
        <a href={paths.screening.getHref()}>Sanctions screening</a>
      </p>
      <nav aria-label="Cases by status" className="tabs">
        <a href={paths.amlCases.getHref()} aria-current={chosen ? undefined : 'page'}>
          To do
        </a>
        {AML_CASE_STATUSES.map((value) => (
          <a
            key={value}
            href={paths.amlCases.getHref(value)}
            aria-current={value === chosen ? 'page' : undefined}
          >
            {STATUS_LABELS[value]}
          </a>
        ))}
      </nav>
      {failure ? <LoadFailure error={failure} /> : null}
      {loading && !data ? <p aria-live="polite">Loading…</p> : null}
      {data && data.items.length === 0 ? <p className="empty">No case here.</p> : null}
      {data?.items.map((item) => (
        <CaseCard key={item.caseId} item={item} onChanged={reload} />
      ))}
      <RulesSection />
    </section>
  );
}

function CaseCard({ item, onChanged }: { item: AmlCase; onChanged: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [finding, setFinding] = useState('');
  const [reference, setReference] = useState('');
  const [filedOn, setFiledOn] = useState(manilaToday());
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setError(null);
      onChanged();
    } catch (failed) {
      setError(errorText(failed));
    }
  };
  const find = (suspicious: boolean) => (event: FormEvent) => {
    event.preventDefault();
    void run(() => opsCall('opsAmlCaseFinding', { caseId: item.caseId, suspicious, finding }));
  };
  const download = (format: 'csv' | 'json') =>
    run(async () => {
      const file = await opsCall('opsAmlCaseReport', { caseId: item.caseId, format });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([file.content], { type: file.contentType }));
      link.download = file.fileName;
      link.click();
      URL.revokeObjectURL(link.href);
    });
  const titleId = `case-${item.caseId}`;
  return (
    <article className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {item.reportKind.toUpperCase()} · {item.ruleLabel} · {item.maskedName}
      </h2>
      <p>
        {item.summary}. Rule version {item.ruleVersion}; transaction {item.transactionOn}.{' '}
        <strong>{STATUS_LABELS[item.status]}</strong>
        {item.status === 'open' && item.findingDueOn ? `: finding by ${item.findingDueOn}` : ''}
        {item.status === 'reportable' && item.reportDueOn ? `: report by ${item.reportDueOn}` : ''}
        {item.status === 'filed' ? `: ${item.filingReference} on ${item.filedOn}` : ''}
      </p>
      <DataTable
        label="Transactions"
        rows={item.transactions}
        rowKey={(row) => `${row.kind}-${row.reference}`}
        columns={[
          { header: 'Day', cell: (row) => row.on },
          { header: 'What', cell: (row) => row.kind },
          { header: 'Reference', cell: (row) => row.reference },
          {
            header: 'Amount',
            numeric: true,
            cell: (row) => (row.amount === null ? '—' : formatPeso(row.amount)),
          },
          { header: 'Detail', cell: (row) => row.detail ?? '' },
        ]}
      />
      {item.finding ? (
        <p>
          Finding by {item.foundBy}: “{item.finding}”
        </p>
      ) : null}
      <ErrorMessage error={error} />
      {item.status === 'open' ? (
        <form aria-label="The finding" onSubmit={find(true)}>
          <Field
            label="Finding (what you looked at and why)"
            value={finding}
            onChange={(e) => setFinding(e.target.value)}
            required
            minLength={10}
          />
          <button type="submit">Suspicious: an STR is due</button>{' '}
          <button
            type="button"
            className="secondary"
            onClick={(e) => find(false)(e)}
            disabled={finding.trim().length < 10}
          >
            Not suspicious: dismiss
          </button>
        </form>
      ) : null}
      {item.status === 'reportable' || item.status === 'filed' ? (
        <p>
          <button type="button" className="secondary" onClick={() => download('csv')}>
            Download the {item.reportKind.toUpperCase()} (CSV)
          </button>{' '}
          <button type="button" className="secondary" onClick={() => download('json')}>
            (JSON)
          </button>
        </p>
      ) : null}
      {item.status === 'reportable' ? (
        <form
          aria-label="Record the filing"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() =>
              opsCall('opsAmlCaseFile', { caseId: item.caseId, filingReference: reference, filedOn }),
            );
          }}
        >
          <Field
            label="AMLC filing reference"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            required
          />
          <Field
            label="Filed on"
            type="date"
            value={filedOn}
            onChange={(e) => setFiledOn(e.target.value)}
            required
          />
          <button type="submit">Close the case as filed</button>
        </form>
      ) : null}
    </article>
  );
}

/** The red-flag rules in force, every version, and a proposal for a new one. */
function RulesSection() {
  const { data, failure, reload } = useOpsData('opsRedFlagRules', {}, 'red-flag-rules');
  const role = useSession().member?.role;
  const mayPropose = role !== undefined && AML_MAKERS.includes(role);
  return (
    <section aria-labelledby="rules-title">
      <h2 id="rules-title">Red-flag rules</h2>
      {failure ? <LoadFailure error={failure} /> : null}
      {data ? (
        <DataTable
          label="Red-flag rule versions"
          rows={data.items}
          rowKey={(row) => `${row.rule}-${row.version}`}
          columns={[
            { header: 'Rule', cell: (row) => row.label },
            { header: 'Version', numeric: true, cell: (row) => row.version },
            { header: 'From', cell: (row) => row.effectiveFrom },
            {
              header: 'Thresholds',
              cell: (row) =>
                Object.entries(row.thresholds)
                  .map(
                    ([key, value]) =>
                      `${THRESHOLD_LABELS[key] ?? key}: ${AMOUNT_THRESHOLDS.includes(key) ? formatPeso(value) : value}`,
                  )
                  .join('; '),
            },
            { header: 'In use', cell: (row) => (row.enabled ? 'yes' : 'no') },
            { header: 'In force', cell: (row) => (row.inForce ? 'today' : '') },
          ]}
        />
      ) : null}
      {mayPropose ? <RuleForm onProposed={reload} /> : null}
    </section>
  );
}

function RuleForm({ onProposed }: { onProposed: () => void }) {
  const [rule, setRule] = useState<RedFlagRule>('repeatBorrowing');
  const keys = Object.keys(RED_FLAG_THRESHOLDS[rule].shape);
  const [values, setValues] = useState<Record<string, string>>({});
  const [enabled, setEnabled] = useState(true);
  const [effectiveFrom, setEffectiveFrom] = useState(manilaToday());
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await opsCall('opsProposalCreate', {
        kind: 'aml.red-flag-rule',
        reason,
        payload: {
          rule,
          enabled,
          effectiveFrom,
          // Amounts are typed in pesos and proposed in centavos.
          thresholds: Object.fromEntries(
            keys.map((key) => {
              const typed = Number((values[key] ?? '').replace(/,/g, ''));
              return [key, AMOUNT_THRESHOLDS.includes(key) ? Math.round(typed * 100) : typed];
            }),
          ),
        },
      });
      setError(null);
      setNotice('Proposed: another compliance officer or an admin approves it in Approvals.');
      onProposed();
    } catch (failed) {
      setNotice(null);
      setError(errorText(failed));
    }
  };
  return (
    <form onSubmit={submit} aria-label="Propose a rule version" className="card">
      <h3>Propose a new version</h3>
      <ErrorMessage error={error} />
      {notice ? <p role="status">{notice}</p> : null}
      <div className="field">
        <label htmlFor="rule-name">Rule</label>
        <select id="rule-name" value={rule} onChange={(e) => setRule(e.target.value as RedFlagRule)}>
          {Object.entries(RED_FLAG_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {keys.map((key) => (
        <Field
          key={`${rule}-${key}`}
          label={THRESHOLD_LABELS[key] ?? key}
          hint={AMOUNT_THRESHOLDS.includes(key) ? 'in pesos' : undefined}
          inputMode="numeric"
          value={values[key] ?? ''}
          onChange={(e) => setValues({ ...values, [key]: e.target.value })}
          required
        />
      ))}
      <label>
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> In use
      </label>
      <Field
        label="In force from"
        type="date"
        value={effectiveFrom}
        onChange={(e) => setEffectiveFrom(e.target.value)}
        required
      />
      <Field
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        minLength={3}
      />
      <button type="submit">Propose</button>
    </form>
  );
}
