import {
  AGENCY_EXPORT_COLUMNS,
  AGENCY_MAKERS,
  type AgencyView,
  PLACEMENT_ROLES,
} from '@hiram/contract/ops/collection-agencies';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { PendingProposals } from '../../components/pending-proposals.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall, opsDownload } from '../../lib/api.ts';
import { dateTime, day, percentOfBps } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';
import { manilaToday, pesos } from './agencies-screen.tsx';

type PlacedCase = AgencyView['cases'][number];
type Recovery = AgencyView['recoveries'][number];
type Month = AgencyView['months'][number];

/**
 * One collection agency (ADR 0078): its details and commission schedule, the cases placed with it (recalled
 * from here), the CSV it receives, the payments it recovered and its commission by month, each figure read
 * from the ledger.
 */
export function AgencyScreen({ agencyId }: { agencyId: string }) {
  const { data, failure, loading, reload } = useOpsData('opsAgencyView', { agencyId }, agencyId);
  const role = useSession().member?.role;
  const mayPlace = role !== undefined && PLACEMENT_ROLES.includes(role);
  const mayPropose = role !== undefined && AGENCY_MAKERS.includes(role);
  const [refresh, setRefresh] = useState(0);
  return (
    <section aria-labelledby="agency-title">
      <p className="crumbs">
        <a href={paths.agencies.getHref()}>Collection agencies</a> /
      </p>
      {failure ? <LoadFailure error={failure} /> : null}
      {loading && !data ? <p aria-live="polite">Loading…</p> : null}
      {data ? (
        <>
          <h1 id="agency-title">
            {data.agency.name} {data.agency.active ? null : <span className="tag">Inactive</span>}
          </h1>
          <dl className="facts">
            <dt>SEC registration</dt>
            <dd>{data.agency.secRegistrationNumber}</dd>
            <dt>Brand</dt>
            <dd>{data.agency.packageName}</dd>
            <dt>Contact</dt>
            <dd>
              {data.agency.contactPerson}, {data.agency.phone}, {data.agency.email}
            </dd>
            <dt>Commission</dt>
            <dd>
              {data.agency.rates
                .map((r) => `${percentOfBps(r.rateBps)} from ${day(r.effectiveFrom)}`)
                .join('; ') || 'none'}
            </dd>
            <dt>Recovered</dt>
            <dd>
              {pesos(data.totals.recovered)} (commission {pesos(data.totals.commission)})
            </dd>
          </dl>
          <PendingProposals
            targetType="collectionAgency"
            targetId={agencyId}
            refreshKey={refresh}
            onDecided={reload}
          />
          {mayPlace ? <ExportButton agencyId={agencyId} placed={data.agency.placedCases} /> : null}
          <PlacedCases view={data} mayRecall={mayPlace} onRecalled={reload} />
          <section aria-labelledby="months-title" className="card">
            <h2 id="months-title">Commission by month</h2>
            <DataTable
              label="Commission by month"
              rows={data.months}
              rowKey={(row: Month) => row.month}
              empty="Nothing recovered yet."
              columns={[
                { header: 'Month', cell: (row: Month) => row.month },
                { header: 'Payments', numeric: true, cell: (row: Month) => row.payments },
                { header: 'Recovered', numeric: true, cell: (row: Month) => pesos(row.recovered) },
                { header: 'Commission', numeric: true, cell: (row: Month) => pesos(row.commission) },
              ]}
            />
          </section>
          <section aria-labelledby="recoveries-title" className="card">
            <h2 id="recoveries-title">Recoveries</h2>
            <p className="hint">
              Payments credited on its cases while placed with it; a reversal takes back its payment's
              commission. Commission: the amount × the rate in force on the payment's day, to the centavo
              (half away from zero).
            </p>
            <DataTable
              label="Recoveries"
              rows={data.recoveries}
              rowKey={(row: Recovery) => row.journalId}
              empty="Nothing recovered yet."
              columns={[
                { header: 'Credited', cell: (row: Recovery) => dateTime(row.occurredAt) },
                {
                  header: 'Loan',
                  cell: (row: Recovery) => (
                    <a href={paths.loan.getHref(row.orderId)}>
                      <code>{row.orderId.slice(0, 8)}</code>
                    </a>
                  ),
                },
                { header: 'Amount', numeric: true, cell: (row: Recovery) => pesos(row.amount) },
                { header: 'Rate', numeric: true, cell: (row: Recovery) => percentOfBps(row.rateBps) },
                { header: 'Commission', numeric: true, cell: (row: Recovery) => pesos(row.commission) },
              ]}
            />
          </section>
          {mayPropose ? (
            <ChangeForm
              view={data}
              onProposed={() => {
                setRefresh((n) => n + 1);
              }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function ExportButton({ agencyId, placed }: { agencyId: string; placed: number }) {
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    try {
      const file = await opsDownload('opsAgencyExport', { agencyId });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = `agency-${manilaToday()}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
      setError(null);
    } catch (failed) {
      setError(failed instanceof Error ? failed.message : 'The export failed.');
    }
  };
  return (
    <section aria-labelledby="export-title" className="card">
      <h2 id="export-title">The agency's list</h2>
      <p className="hint">
        A CSV of the {placed} {placed === 1 ? 'case' : 'cases'} placed now, with{' '}
        {AGENCY_EXPORT_COLUMNS.join(', ')} and nothing more. Each export is audited with the cases it held.
      </p>
      <ErrorMessage error={error} />
      <button type="button" onClick={download} disabled={placed === 0}>
        Download CSV
      </button>
    </section>
  );
}

function PlacedCases({
  view,
  mayRecall,
  onRecalled,
}: {
  view: AgencyView;
  mayRecall: boolean;
  onRecalled: () => void;
}) {
  const [ticked, setTicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const recall = async () => {
    try {
      await opsCall('opsAgencyRecall', { caseIds: ticked });
      setTicked([]);
      setError(null);
      onRecalled();
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The cases could not be recalled.');
    }
  };
  const tick = (caseId: string, on: boolean) =>
    setTicked(on ? [...ticked, caseId] : ticked.filter((id) => id !== caseId));
  return (
    <section aria-labelledby="placed-title" className="card">
      <h2 id="placed-title">Cases</h2>
      <ErrorMessage error={error} />
      <DataTable
        label="Cases placed with the agency"
        rows={view.cases}
        rowKey={(row: PlacedCase) => `${row.caseId}:${row.placedAt}`}
        empty="No case placed yet."
        columns={[
          ...(mayRecall
            ? [
                {
                  header: 'Recall',
                  cell: (row: PlacedCase) =>
                    row.recalledAt === null ? (
                      <input
                        type="checkbox"
                        aria-label={`Recall the case of ${row.borrowerName ?? row.orderId}`}
                        checked={ticked.includes(row.caseId)}
                        onChange={(e) => tick(row.caseId, e.target.checked)}
                      />
                    ) : null,
                },
              ]
            : []),
          {
            header: 'Borrower',
            cell: (row: PlacedCase) => (
              <a href={paths.collectionCase.getHref(row.caseId)}>{row.borrowerName ?? '(no name yet)'}</a>
            ),
          },
          { header: 'Bucket', cell: (row: PlacedCase) => `${row.bucket} (${row.daysPastDue} days)` },
          { header: 'Owed now', numeric: true, cell: (row: PlacedCase) => pesos(row.amountOwed) },
          { header: 'Placed', cell: (row: PlacedCase) => dateTime(row.placedAt) },
          {
            header: 'Borrower told',
            cell: (row: PlacedCase) => (row.noticeSentAt ? dateTime(row.noticeSentAt) : 'waiting for 6:00'),
          },
          { header: 'Recalled', cell: (row: PlacedCase) => (row.recalledAt ? dateTime(row.recalledAt) : '') },
        ]}
      />
      {mayRecall ? (
        <button type="button" onClick={recall} disabled={ticked.length === 0}>
          Recall {ticked.length || ''} {ticked.length === 1 ? 'case' : 'cases'}
        </button>
      ) : null}
    </section>
  );
}

function ChangeForm({ view, onProposed }: { view: AgencyView; onProposed: () => void }) {
  const { agency } = view;
  const [form, setForm] = useState({
    name: agency.name,
    secRegistrationNumber: agency.secRegistrationNumber,
    contactPerson: agency.contactPerson,
    phone: agency.phone,
    email: agency.email,
    active: agency.active,
    ratePercent: '',
    effectiveFrom: manilaToday(),
    reason: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [name]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await opsCall('opsProposalCreate', {
        kind: 'collection-agency.change',
        reason: form.reason,
        payload: {
          agencyId: agency.agencyId,
          name: form.name,
          secRegistrationNumber: form.secRegistrationNumber,
          contactPerson: form.contactPerson,
          phone: form.phone,
          email: form.email,
          active: form.active,
          commission:
            form.ratePercent === ''
              ? null
              : { rateBps: Math.round(Number(form.ratePercent) * 100), effectiveFrom: form.effectiveFrom },
        },
      });
      setError(null);
      setNotice('Change proposed: finance or an admin approves it.');
      onProposed();
    } catch (failed) {
      setNotice(null);
      setError(failed instanceof OpsApiError ? failed.message : 'The change could not be proposed.');
    }
  };

  return (
    <section aria-labelledby="agency-change-title" className="card">
      <h2 id="agency-change-title">Propose a change</h2>
      <form onSubmit={submit} aria-label="Propose a change to the agency">
        <ErrorMessage error={error} />
        {notice ? (
          <p className="notice" role="status">
            {notice}
          </p>
        ) : null}
        <Field label="Name" value={form.name} onChange={set('name')} required />
        <Field
          label="SEC registration number"
          value={form.secRegistrationNumber}
          onChange={set('secRegistrationNumber')}
          required
        />
        <Field label="Contact person" value={form.contactPerson} onChange={set('contactPerson')} required />
        <Field label="Phone" value={form.phone} onChange={set('phone')} required />
        <Field label="E-mail" type="email" value={form.email} onChange={set('email')} required />
        <label>
          <input
            type="checkbox"
            checked={form.active}
            onChange={(e) => setForm({ ...form, active: e.target.checked })}
          />{' '}
          Takes cases (active)
        </label>
        <Field
          label="New commission (% of what it recovers)"
          hint="Leave empty to keep the schedule"
          type="number"
          step="0.01"
          min="0"
          max="50"
          value={form.ratePercent}
          onChange={set('ratePercent')}
        />
        <Field
          label="New commission from"
          type="date"
          min={manilaToday()}
          value={form.effectiveFrom}
          onChange={set('effectiveFrom')}
        />
        <Field label="Reason" value={form.reason} onChange={set('reason')} required />
        <button type="submit">Propose the change</button>
      </form>
    </section>
  );
}
