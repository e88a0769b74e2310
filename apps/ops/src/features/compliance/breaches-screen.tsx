import {
  BREACH_CATEGORIES,
  BREACH_CATEGORY_IDS,
  BREACH_LIST_MAX,
  type BreachCategory,
  type BreachSummary,
} from '@hiram/contract/ops/breaches';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall, opsDownload } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { navigate } from '../../lib/use-hash-location.ts';
import { useOpsData } from '../../lib/use-ops-data.ts';
import { clockText, manilaInstant, manilaNowLocal } from './breach-parts.tsx';

/**
 * The breach register (ADR 0087): every breach, newest found first, with its 72-hour clock; recording a new
 * one with the borrowers whose data it touched; the annual security incident report for the NPC.
 */
export function BreachesScreen() {
  const { data, failure, loading } = useOpsData('opsBreachList', {}, 'breaches');
  return (
    <section aria-labelledby="breaches-title">
      <h1 id="breaches-title">Breaches</h1>
      <p className="hint">
        A personal data breach is reported to the NPC and to each borrower whose data it touched within 72
        hours of its discovery (NPC Circular 16-03). Record it as soon as it is found: the clock starts from
        the discovery time you give.
      </p>
      {failure ? <LoadFailure error={failure} /> : null}
      {loading && !data ? <p aria-live="polite">Loading…</p> : null}
      {data ? (
        <DataTable
          label="Breach register"
          rows={data.items}
          rowKey={(row: BreachSummary) => row.breachId}
          empty="No breach recorded."
          columns={[
            {
              header: 'Found',
              cell: (row: BreachSummary) => (
                <a href={paths.breach.getHref(row.breachId)}>{dateTime(row.discoveredAt)}</a>
              ),
            },
            { header: 'What happened', cell: (row: BreachSummary) => row.summary },
            { header: 'Type', cell: (row: BreachSummary) => BREACH_CATEGORIES[row.category] },
            { header: 'Borrowers', numeric: true, cell: (row: BreachSummary) => row.affectedCount },
            {
              header: '72-hour clock',
              cell: (row: BreachSummary) => {
                const clock = clockText(row, data.asOf);
                return <span className={clock.late ? 'badge late' : 'badge'}>{clock.text}</span>;
              },
            },
            { header: 'NPC notified', cell: (row: BreachSummary) => dateTime(row.npcNotifiedAt) },
            { header: 'Borrowers notified', cell: (row: BreachSummary) => dateTime(row.borrowersNotifiedAt) },
          ]}
        />
      ) : null}
      <RecordForm />
      <AnnualReport />
    </section>
  );
}

function RecordForm() {
  const member = useSession().member;
  const brands = useOpsData('opsBrandList', { page: 1, pageSize: 100 }, 'breach-brands');
  const [form, setForm] = useState({
    packageName: member?.brandScope ?? '',
    summary: '',
    category: 'hacking' as BreachCategory,
    mandatory: true,
    dataInvolved: '',
    measures: '',
    occurredAt: '',
    discoveredAt: manilaNowLocal(),
    by: 'list' as 'list' | 'query',
    borrowers: '',
    signedUpFrom: '',
    signedUpTo: '',
    withLoanOnly: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [name]: event.target.value });
  const brandOptions = brands.data?.items.map((b) => b.packageName) ?? [];
  const packageName = form.packageName || (brandOptions.length === 1 ? (brandOptions[0] ?? '') : '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const breach = await opsCall('opsBreachRecord', {
        packageName,
        summary: form.summary,
        category: form.category,
        mandatory: form.mandatory,
        dataInvolved: form.dataInvolved,
        measures: form.measures,
        ...(form.occurredAt ? { occurredAt: manilaInstant(form.occurredAt) } : {}),
        discoveredAt: manilaInstant(form.discoveredAt),
        selection:
          form.by === 'list'
            ? {
                by: 'list',
                borrowers: form.borrowers
                  .split(/[\n,;]+/)
                  .map((line) => line.trim())
                  .filter(Boolean),
              }
            : {
                by: 'query',
                signedUpFrom: form.signedUpFrom,
                signedUpTo: form.signedUpTo,
                withLoanOnly: form.withLoanOnly,
              },
      });
      navigate(paths.breach.getHref(breach.breachId));
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The breach could not be recorded.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="record-title" className="card">
      <h2 id="record-title">Record a breach</h2>
      <form onSubmit={submit} className="breach-form">
        {member?.brandScope ? null : (
          <div className="field">
            <label htmlFor="breach-brand">Lender (brand)</label>
            <select id="breach-brand" value={packageName} onChange={set('packageName')} required>
              <option value="">Choose…</option>
              {brandOptions.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field wide">
          <label htmlFor="breach-summary">What happened</label>
          <textarea id="breach-summary" rows={3} value={form.summary} onChange={set('summary')} required />
        </div>
        <div className="field">
          <label htmlFor="breach-category">Type (the NPC's annual report)</label>
          <select id="breach-category" value={form.category} onChange={set('category')}>
            {BREACH_CATEGORY_IDS.map((id) => (
              <option key={id} value={id}>
                {BREACH_CATEGORIES[id]}
              </option>
            ))}
          </select>
        </div>
        <div className="field checkbox">
          <input
            id="breach-mandatory"
            type="checkbox"
            checked={form.mandatory}
            onChange={(e) => setForm({ ...form, mandatory: e.target.checked })}
          />
          <label htmlFor="breach-mandatory">
            Notification is mandatory (sensitive or identity data, a real risk of serious harm)
          </label>
        </div>
        <div className="field wide">
          <label htmlFor="breach-data">Personal data involved</label>
          <textarea
            id="breach-data"
            rows={2}
            value={form.dataInvolved}
            onChange={set('dataInvolved')}
            required
          />
        </div>
        <div className="field wide">
          <label htmlFor="breach-measures">What was done about it</label>
          <textarea id="breach-measures" rows={2} value={form.measures} onChange={set('measures')} required />
        </div>
        <Field
          label="When it happened (Manila time, if known)"
          type="datetime-local"
          value={form.occurredAt}
          onChange={set('occurredAt')}
        />
        <Field
          label="When it was found (Manila time)"
          type="datetime-local"
          value={form.discoveredAt}
          onChange={set('discoveredAt')}
          required
        />
        <fieldset className="wide">
          <legend>Whose data</legend>
          <label>
            <input
              type="radio"
              name="breach-by"
              checked={form.by === 'list'}
              onChange={() => setForm({ ...form, by: 'list' })}
            />{' '}
            A list of borrowers
          </label>{' '}
          <label>
            <input
              type="radio"
              name="breach-by"
              checked={form.by === 'query'}
              onChange={() => setForm({ ...form, by: 'query' })}
            />{' '}
            Everyone who signed up between two days
          </label>
          {form.by === 'list' ? (
            <div className="field">
              <label htmlFor="breach-borrowers">Borrowers: one mobile number or borrower id a line</label>
              <textarea
                id="breach-borrowers"
                rows={4}
                value={form.borrowers}
                onChange={set('borrowers')}
                aria-describedby="breach-borrowers-hint"
                required
              />
              <small id="breach-borrowers-hint" className="hint">
                At most {BREACH_LIST_MAX}; a larger breach is chosen by sign-up days.
              </small>
            </div>
          ) : (
            <div className="inline-fields">
              <Field
                label="Signed up from"
                type="date"
                value={form.signedUpFrom}
                onChange={set('signedUpFrom')}
                required
              />
              <Field label="to" type="date" value={form.signedUpTo} onChange={set('signedUpTo')} required />
              <div className="field checkbox">
                <input
                  id="breach-with-loan"
                  type="checkbox"
                  checked={form.withLoanOnly}
                  onChange={(e) => setForm({ ...form, withLoanOnly: e.target.checked })}
                />
                <label htmlFor="breach-with-loan">Only borrowers with a loan paid out</label>
              </div>
            </div>
          )}
        </fieldset>
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          Record the breach
        </button>
      </form>
    </section>
  );
}

function AnnualReport() {
  const member = useSession().member;
  const [year, setYear] = useState(String(new Date().getFullYear() - 1));
  const [brand, setBrand] = useState(member?.brandScope ?? '');
  const [error, setError] = useState<string | null>(null);
  const download = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const file = await opsDownload('opsBreachAnnualReport', {
        year: Number(year),
        ...(brand ? { brand } : {}),
      });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = `security-incidents-${year}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
      setError(null);
    } catch (failed) {
      setError(failed instanceof Error ? failed.message : 'The report could not be built.');
    }
  };
  return (
    <section aria-labelledby="annual-title" className="card">
      <h2 id="annual-title">Annual security incident report</h2>
      <p className="hint">
        Due to the NPC by 31 March for the year before, even when there was no incident: the number of
        incidents by type and of breaches by notification, from this register, as CSV. Each download is
        audited.
      </p>
      <form onSubmit={download} className="inline-fields">
        <Field label="Year" type="number" min={2017} value={year} onChange={(e) => setYear(e.target.value)} />
        {member?.brandScope ? null : (
          <Field
            label="Brand (when there are several)"
            value={brand}
            onChange={(e) => setBrand(e.target.value)}
          />
        )}
        <button type="submit">Download the report</button>
      </form>
      <ErrorMessage error={error} />
    </section>
  );
}
