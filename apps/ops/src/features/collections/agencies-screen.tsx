import { formatPeso } from '@hiram/contract/money';
import { AGENCY_MAKERS, type Agency } from '@hiram/contract/ops/collection-agencies';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { percentOfBps } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';

/** Today on Manila's calendar: a commission rate starts today or later (ADR 0078). */
export function manilaToday(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The collection agencies (ADR 0078): each with its SEC registration, contact, commission today and cases
 * placed now; a collections supervisor proposes a new one here (finance or an admin approves it in Approvals).
 */
export function AgenciesScreen() {
  const { data, failure, loading, reload } = useOpsData('opsAgencyList', {}, 'agencies');
  const role = useSession().member?.role;
  const mayPropose = role !== undefined && AGENCY_MAKERS.includes(role);
  return (
    <section aria-labelledby="agencies-title">
      <h1 id="agencies-title">Collection agencies</h1>
      <p>
        The lender answers for what its agencies do (SEC MC 18 s.2019). An agency is registered, changed or
        stopped under maker-checker; its commission is a percentage of what it recovers, from a date.
      </p>
      {failure ? <LoadFailure error={failure} /> : null}
      {loading && !data ? <p aria-live="polite">Loading…</p> : null}
      {data ? (
        <DataTable
          label="Collection agencies"
          rows={data.items}
          rowKey={(row: Agency) => row.agencyId}
          empty="No agency registered yet."
          columns={[
            {
              header: 'Agency',
              cell: (row: Agency) => <a href={paths.agency.getHref(row.agencyId)}>{row.name}</a>,
            },
            { header: 'SEC registration', cell: (row: Agency) => row.secRegistrationNumber },
            { header: 'Brand', cell: (row: Agency) => row.packageName },
            { header: 'Contact', cell: (row: Agency) => `${row.contactPerson}, ${row.phone}` },
            {
              header: 'Commission today',
              numeric: true,
              cell: (row: Agency) => (row.rateToday === null ? '—' : percentOfBps(row.rateToday)),
            },
            { header: 'Placed cases', numeric: true, cell: (row: Agency) => row.placedCases },
            { header: 'Standing', cell: (row: Agency) => (row.active ? 'Active' : 'Inactive') },
          ]}
        />
      ) : null}
      {mayPropose ? <RegisterForm onProposed={reload} /> : null}
    </section>
  );
}

function RegisterForm({ onProposed }: { onProposed: () => void }) {
  const brands = useSession().member?.brandScope;
  const brandList = useOpsData('opsBrandList', { pageSize: 100 }, 'agency-brands');
  const [form, setForm] = useState({
    packageName: brands ?? '',
    name: '',
    secRegistrationNumber: '',
    contactPerson: '',
    phone: '',
    email: '',
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
        kind: 'collection-agency.register',
        reason: form.reason,
        payload: {
          packageName: form.packageName,
          name: form.name,
          secRegistrationNumber: form.secRegistrationNumber,
          contactPerson: form.contactPerson,
          phone: form.phone,
          email: form.email,
          commission: {
            rateBps: Math.round(Number(form.ratePercent) * 100),
            effectiveFrom: form.effectiveFrom,
          },
        },
      });
      setError(null);
      setNotice(`${form.name} proposed: finance or an admin approves it in Approvals.`);
      onProposed();
    } catch (failed) {
      setNotice(null);
      setError(failed instanceof OpsApiError ? failed.message : 'The agency could not be proposed.');
    }
  };

  return (
    <section aria-labelledby="agency-register-title" className="card">
      <h2 id="agency-register-title">Register an agency</h2>
      <form onSubmit={submit} aria-label="Register an agency">
        <ErrorMessage error={error} />
        {notice ? (
          <p className="notice" role="status">
            {notice}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="agency-brand">Brand</label>
          <select id="agency-brand" value={form.packageName} onChange={set('packageName')} required>
            <option value="">Choose…</option>
            {(brandList.data?.items ?? []).map((b) => (
              <option key={b.packageName} value={b.packageName}>
                {b.appName} ({b.packageName})
              </option>
            ))}
          </select>
        </div>
        <Field label="Name" value={form.name} onChange={set('name')} required />
        <Field
          label="SEC registration number"
          value={form.secRegistrationNumber}
          onChange={set('secRegistrationNumber')}
          required
        />
        <Field label="Contact person" value={form.contactPerson} onChange={set('contactPerson')} required />
        <Field
          label="Phone"
          hint="The borrower is told this number"
          value={form.phone}
          onChange={set('phone')}
          required
        />
        <Field label="E-mail" type="email" value={form.email} onChange={set('email')} required />
        <Field
          label="Commission (% of what it recovers)"
          type="number"
          step="0.01"
          min="0"
          max="50"
          value={form.ratePercent}
          onChange={set('ratePercent')}
          required
        />
        <Field
          label="Commission from"
          type="date"
          min={manilaToday()}
          value={form.effectiveFrom}
          onChange={set('effectiveFrom')}
          required
        />
        <Field
          label="Reason"
          hint="For the checker: the contract, its date"
          value={form.reason}
          onChange={set('reason')}
          required
        />
        <button type="submit">Propose the agency</button>
      </form>
    </section>
  );
}

/** Pesos of centavos, for the tables' money columns. */
export function pesos(centavos: number): string {
  return formatPeso(centavos);
}
