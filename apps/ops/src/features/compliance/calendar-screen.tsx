import {
  CALENDAR_ACT_ROLES,
  type ComplianceDuty,
  type DutyStatus,
} from '@hiram/contract/ops/compliance-calendar';
import { consoleMonth } from '@hiram/contract/ops/labels';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall, opsDownload } from '../../lib/api.ts';
import { dateTime, day } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';

const STATUS_TEXT: Record<DutyStatus, string> = {
  overdue: 'Overdue',
  dueSoon: 'Due soon',
  upcoming: 'Upcoming',
  filed: 'Filed',
};

/** The month after a YYYY-MM month, or before it. */
function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 + by, 1)).toISOString().slice(0, 7);
}

/**
 * A lender's compliance calendar (ADR 0087): every overdue duty first, then those due this month and the next,
 * each with its status, its reminder, its pack of figures, and once filed its reference and who filed it.
 */
export function ComplianceCalendarScreen({ month, brand }: { month: string; brand: string }) {
  const input = { ...(month ? { month } : {}), ...(brand ? { brand } : {}) };
  const { data, failure, loading, reload } = useOpsData('opsComplianceCalendar', input, `${month}|${brand}`);
  const role = useSession().member?.role;
  const mayAct = role !== undefined && CALENDAR_ACT_ROLES.includes(role);
  const shown = data?.month ?? month;
  const overdue = data?.items.filter((d) => d.status === 'overdue') ?? [];
  const inMonths = data?.items.filter((d) => d.status !== 'overdue') ?? [];
  return (
    <section aria-labelledby="calendar-title">
      <h1 id="calendar-title">Compliance calendar</h1>
      <p className="hint">
        What {data ? data.brand : 'the lender'} files with the CIC, the SEC and the NPC, and when. The role
        that files each duty is reminded ahead of its day on its Queues page; a duty stays overdue until it is
        recorded as filed.
      </p>
      {shown ? (
        <nav aria-label="Months" className="month-nav">
          <a href={paths.complianceCalendar.getHref({ month: shiftMonth(shown, -1), brand })}>← Earlier</a>
          <strong>
            {consoleMonth(shown)} and {consoleMonth(shiftMonth(shown, 1))}
          </strong>
          <a href={paths.complianceCalendar.getHref({ month: shiftMonth(shown, 1), brand })}>Later →</a>
        </nav>
      ) : null}
      {failure instanceof OpsApiError && failure.is('COMPLIANCE_BRAND_REQUIRED') ? (
        <BrandChooser month={month} />
      ) : failure ? (
        <LoadFailure error={failure} />
      ) : null}
      {loading && !data ? <p aria-live="polite">Loading…</p> : null}
      {data ? (
        <>
          <section aria-labelledby="overdue-title" className="card">
            <h2 id="overdue-title">Overdue ({overdue.length})</h2>
            <Duties rows={overdue} mayAct={mayAct} onFiled={reload} empty="Nothing overdue." />
          </section>
          <section aria-labelledby="months-title" className="card">
            <h2 id="months-title">
              Due in {consoleMonth(data.month)} and {consoleMonth(shiftMonth(data.month, 1))}
            </h2>
            <Duties rows={inMonths} mayAct={mayAct} onFiled={reload} empty="Nothing due in these months." />
          </section>
          <MeetingDay brand={data.brand} day={data.annualMeetingDay} mayAct={mayAct} onSaved={reload} />
        </>
      ) : null}
    </section>
  );
}

function BrandChooser({ month }: { month: string }) {
  const { data } = useOpsData('opsBrandList', { page: 1, pageSize: 100 }, 'calendar-brands');
  return (
    <div className="warning">
      <p>There are several lenders (brands): choose whose calendar to show.</p>
      <ul>
        {data?.items.map((b) => (
          <li key={b.packageName}>
            <a href={paths.complianceCalendar.getHref({ month, brand: b.packageName })}>{b.packageName}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Duties({
  rows,
  mayAct,
  onFiled,
  empty,
}: {
  rows: ComplianceDuty[];
  mayAct: boolean;
  onFiled: () => void;
  empty: string;
}) {
  return (
    <DataTable
      label="Duties"
      rows={rows}
      rowKey={(row: ComplianceDuty) => row.dutyId}
      empty={empty}
      columns={[
        { header: 'Due', cell: (row: ComplianceDuty) => day(row.dueOn) },
        {
          header: 'Duty',
          cell: (row: ComplianceDuty) => (
            <>
              {/* Each title begins with its regulator's name. */}
              <strong>{row.title}</strong>
              <br />
              <small className="hint" title={row.source}>
                {row.confirmed ? row.source : `Day not confirmed: ${row.source}`}
              </small>
            </>
          ),
        },
        { header: 'Period', cell: (row: ComplianceDuty) => row.period },
        {
          header: 'Status',
          cell: (row: ComplianceDuty) => (
            <span
              className={`badge duty-${row.status}`}
              data-testid={`duty-status-${row.kind}-${row.period}`}
            >
              {STATUS_TEXT[row.status]}
            </span>
          ),
        },
        {
          header: 'Reminder',
          cell: (row: ComplianceDuty) =>
            row.remindedAt
              ? `${row.role}, ${dateTime(row.remindedAt)}`
              : `${row.role}, from ${day(row.remindOn)}`,
        },
        {
          header: 'Filed',
          cell: (row: ComplianceDuty) =>
            row.filedAt ? (
              <>
                {dateTime(row.filedAt)}
                <br />
                <small>
                  {row.filingReference} · {row.filedBy}
                </small>
              </>
            ) : mayAct ? (
              <FileForm duty={row} onFiled={onFiled} />
            ) : (
              'not yet'
            ),
        },
        { header: 'Pack', cell: (row: ComplianceDuty) => <PackButton duty={row} /> },
      ]}
    />
  );
}

function FileForm({ duty, onFiled }: { duty: ComplianceDuty; onFiled: () => void }) {
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await opsCall('opsComplianceDutyFiled', { dutyId: duty.dutyId, reference });
      onFiled();
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The filing could not be recorded.');
    }
  };
  return (
    <form onSubmit={submit} className="file-form">
      <input
        aria-label={`Filing reference of the ${duty.title}, ${duty.period}`}
        placeholder="Reference"
        value={reference}
        onChange={(e) => setReference(e.target.value)}
        required
        minLength={2}
      />
      <button type="submit" className="small">
        Mark filed
      </button>
      <ErrorMessage error={error} />
    </form>
  );
}

function PackButton({ duty }: { duty: ComplianceDuty }) {
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    try {
      const file = await opsDownload('opsCompliancePack', { dutyId: duty.dutyId });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = `${duty.packageName}-${duty.kind}-${duty.period}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
      setError(null);
    } catch (failed) {
      setError(failed instanceof Error ? failed.message : 'The pack could not be built.');
    }
  };
  return (
    <>
      <button
        type="button"
        className="secondary small"
        onClick={download}
        aria-label={`CSV pack of the ${duty.title}, ${duty.period}`}
      >
        CSV
      </button>
      <ErrorMessage error={error} />
    </>
  );
}

function MeetingDay({
  brand,
  day: current,
  mayAct,
  onSaved,
}: {
  brand: string;
  day: string | null;
  mayAct: boolean;
  onSaved: () => void;
}) {
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await opsCall('opsComplianceMeetingDay', { brand, day: value });
      setError(null);
      onSaved();
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The day could not be saved.');
    }
  };
  return (
    <section aria-labelledby="meeting-title" className="card">
      <h2 id="meeting-title">Annual stockholders' meeting</h2>
      <p className="hint">
        The GIS is due to the SEC within 30 days of the annual meeting.{' '}
        {current
          ? `The by-laws' day: ${current} (month-day).`
          : 'Set the day from the by-laws to date the GIS.'}
      </p>
      {mayAct ? (
        <form onSubmit={submit} className="inline-fields">
          <Field
            label="Meeting day (MM-DD)"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            pattern="(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
            placeholder="04-30"
            required
          />
          <button type="submit">Save the day</button>
        </form>
      ) : null}
      <ErrorMessage error={error} />
    </section>
  );
}
