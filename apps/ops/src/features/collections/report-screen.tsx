import {
  CASE_BUCKETS,
  CASE_STATUS_LABELS,
  CASE_STATUSES,
  CONTACT_CHANNEL_LABELS,
  CONTACT_OUTCOME_LABELS,
} from '@hiram/contract/collection-cases';
import { formatPeso } from '@hiram/contract/money';
import { CASE_CLOSE_REASON_LABELS } from '@hiram/contract/ops/collection-cases';
import { CASE_ROLL_TARGETS, type CollectionsReport } from '@hiram/contract/ops/collections-report';
import { channelLabel } from '@hiram/contract/ops/labels';
import { percentText } from '@hiram/contract/ops/reports';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { navigate } from '../../lib/use-hash-location.ts';

const DEFAULT_DAYS = 30;

/** A Manila calendar day, `days` after today (negative: before). */
function manilaDay(days = 0): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

interface Filter {
  from: string;
  to: string;
  brand: string;
}

/**
 * The collections dashboard (ADR 0079 defines every figure): for a range of Manila days and a brand, the cases
 * by bucket and status as their history had them at the range's end, cure rate, roll rates, promises kept,
 * recoveries by agent, agency and channel, contacts per case. Tables only: each figure with what it divides.
 * The filter lives in the URL.
 */
export function CollectionsReportScreen(props: Filter) {
  const { member } = useSession();
  const filter: Filter = {
    from: props.from || manilaDay(1 - DEFAULT_DAYS),
    to: props.to || manilaDay(),
    brand: props.brand,
  };
  const [report, setReport] = useState<CollectionsReport | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    setFailure(null);
    opsCall('opsCollectionsReport', {
      from: filter.from,
      to: filter.to,
      brand: filter.brand || undefined,
    }).then(
      (answer) => live && setReport(answer),
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [filter.from, filter.to, filter.brand]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    navigate(
      paths.collectionsReport.getHref({ from: value('from'), to: value('to'), brand: value('brand') }),
    );
  };

  return (
    <section aria-labelledby="collections-report-title" className="reports">
      <h1 id="collections-report-title">Collections report</h1>
      <form className="filters" onSubmit={submit} aria-label="Report filters" key={JSON.stringify(filter)}>
        <div className="field">
          <label htmlFor="collections-from">From (Manila day)</label>
          <input id="collections-from" name="from" type="date" defaultValue={filter.from} required />
        </div>
        <div className="field">
          <label htmlFor="collections-to">To</label>
          <input id="collections-to" name="to" type="date" defaultValue={filter.to} required />
        </div>
        <div className="field">
          <label htmlFor="collections-brand">Brand</label>
          <select id="collections-brand" name="brand" defaultValue={filter.brand}>
            {member?.brandScope ? null : <option value="">All brands</option>}
            {(report?.brands ?? []).map((brand) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Show</button>
      </form>
      {failure ? <LoadFailure error={failure} /> : null}
      {!failure && !report ? <p aria-live="polite">Loading…</p> : null}
      {!failure && report ? <Figures report={report} /> : null}
    </section>
  );
}

function Panel(props: { id: string; title: string; note?: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={props.wide ? 'panel wide' : 'panel'} aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.note ? <p className="note">{props.note}</p> : null}
      {props.children}
    </section>
  );
}

type Report = CollectionsReport;

function Figures({ report }: { report: Report }) {
  const key: [string, string, string][] = [
    ['Open cases', String(report.board.open), `at the end of ${report.asOfDay}`],
    [
      'Cure rate',
      percentText(report.cure),
      `${report.cure.numerator} of ${report.cure.denominator} cases open in the range`,
    ],
    [
      'Promises kept',
      percentText(report.promises.kept),
      `${report.promises.kept.numerator} of ${report.promises.kept.denominator} settled (${report.promises.made} made)`,
    ],
    ['Recovered', formatPeso(report.recoveries.total.amount), `${report.recoveries.total.payments} payments`],
    [
      'Contacts per case',
      report.contacts.perCase.denominator === 0
        ? '—'
        : (report.contacts.perCase.numerator / report.contacts.perCase.denominator).toFixed(1),
      `${report.contacts.perCase.numerator} contacts, ${report.contacts.perCase.denominator} cases`,
    ],
  ];
  const boardRows = CASE_BUCKETS.map((bucket) => ({
    bucket,
    counts: report.board.cells.filter((cell) => cell.bucket === bucket),
  }));
  const openStatuses = CASE_STATUSES.filter((status) => status !== 'closed');
  return (
    <>
      <p className="note report-scope">
        {report.brand ?? 'All brands'}, {report.from} to {report.to} (Manila days). Cases as their history had
        them at the end of {report.asOfDay}; money from the ledger.
      </p>
      <dl className="key-figures" aria-label="Key figures">
        {key.map(([label, value, detail]) => (
          <div key={label} className="key-figure">
            <dt>{label}</dt>
            <dd>
              <span className="figure">{value}</span>
              <span className="detail">{detail}</span>
            </dd>
          </div>
        ))}
      </dl>
      <div className="report-grid">
        <Panel
          wide
          id="collections-board-title"
          title="Cases by bucket and status"
          note={`Open cases at the end of ${report.asOfDay}, by days past due (rows) and status (columns).`}
        >
          <DataTable
            label="Open cases by bucket and status"
            rows={boardRows}
            rowKey={(row) => row.bucket}
            columns={[
              { header: 'Days past due', cell: (row) => row.bucket },
              ...openStatuses.map((status) => ({
                header: CASE_STATUS_LABELS[status],
                numeric: true,
                cell: (row: (typeof boardRows)[number]) =>
                  row.counts.find((cell) => cell.status === status)?.cases ?? 0,
              })),
              {
                header: 'All',
                numeric: true,
                cell: (row) => row.counts.reduce((total, cell) => total + cell.cases, 0),
              },
            ]}
          />
        </Panel>
        <Panel id="collections-closed-title" title="Cases closed in the range" note="By why they closed.">
          <DataTable
            label="Cases closed in the range by reason"
            rows={report.board.closed}
            rowKey={(row) => row.reason}
            columns={[
              { header: 'Reason', cell: (row) => CASE_CLOSE_REASON_LABELS[row.reason] },
              { header: 'Cases', cell: (row) => row.cases, numeric: true },
            ]}
          />
        </Panel>
        <Panel
          id="collections-promises-title"
          title="Promises by agent"
          note="Promises made in the range; kept over kept and broken (running ones are neither yet)."
        >
          <DataTable
            label="Promises by agent"
            rows={report.promises.byAgent}
            rowKey={(row) => row.staffId ?? 'borrower'}
            empty="No promise was made in these days."
            columns={[
              { header: 'Agent', cell: (row) => row.name ?? 'The borrower, in the app' },
              { header: 'Made', cell: (row) => row.made, numeric: true },
              { header: 'Kept', cell: (row) => row.kept, numeric: true },
              { header: 'Broken', cell: (row) => row.broken, numeric: true },
              {
                header: 'Kept rate',
                numeric: true,
                cell: (row) => percentText({ numerator: row.kept, denominator: row.kept + row.broken }),
              },
            ]}
          />
          <DataTable
            label="Promises by bucket"
            rows={report.promises.byBucket}
            rowKey={(row) => row.bucket}
            columns={[
              { header: 'Bucket when made', cell: (row) => row.bucket },
              { header: 'Made', cell: (row) => row.made, numeric: true },
              { header: 'Kept', cell: (row) => row.kept, numeric: true },
              { header: 'Broken', cell: (row) => row.broken, numeric: true },
              {
                header: 'Kept rate',
                numeric: true,
                cell: (row) => percentText({ numerator: row.kept, denominator: row.kept + row.broken }),
              },
            ]}
          />
        </Panel>
        <Panel
          id="collections-agents-title"
          title="Recoveries by agent"
          note="Cash credited in the range on loans with a case, to the agent assigned when it was paid."
        >
          <DataTable
            label="Recoveries by agent"
            rows={report.recoveries.byAgent}
            rowKey={(row) => row.staffId ?? 'nobody'}
            empty="Nothing was recovered in these days."
            columns={[
              { header: 'Agent', cell: (row) => row.name ?? 'Not assigned' },
              { header: 'Payments', cell: (row) => row.payments, numeric: true },
              { header: 'Amount', cell: (row) => formatPeso(row.amount), numeric: true },
            ]}
          />
        </Panel>
        <Panel
          id="collections-agencies-title"
          title="Recoveries by agency"
          note="To the agency the case was placed with when it was paid."
        >
          <DataTable
            label="Recoveries by agency"
            rows={report.recoveries.byAgency}
            rowKey={(row) => row.agencyId ?? 'in-house'}
            empty="Nothing was recovered in these days."
            columns={[
              { header: 'Agency', cell: (row) => row.name ?? 'In-house (not placed)' },
              { header: 'Payments', cell: (row) => row.payments, numeric: true },
              { header: 'Amount', cell: (row) => formatPeso(row.amount), numeric: true },
            ]}
          />
        </Panel>
        <Panel id="collections-channels-title" title="Recoveries by channel" note="How the money came in.">
          <DataTable
            label="Recoveries by channel"
            rows={report.recoveries.byChannel}
            rowKey={(row) => row.channel}
            empty="Nothing was recovered in these days."
            columns={[
              { header: 'Channel', cell: (row) => channelLabel(row.channel) },
              { header: 'Payments', cell: (row) => row.payments, numeric: true },
              { header: 'Amount', cell: (row) => formatPeso(row.amount), numeric: true },
            ]}
          />
        </Panel>
        <Panel
          id="collections-contacts-title"
          title="Contacts"
          note="Logged in the range, by channel and outcome."
        >
          <DataTable
            label="Contacts by channel"
            rows={report.contacts.byChannel}
            rowKey={(row) => row.channel}
            empty="No contact was logged in these days."
            columns={[
              { header: 'Channel', cell: (row) => CONTACT_CHANNEL_LABELS[row.channel] },
              { header: 'Contacts', cell: (row) => row.contacts, numeric: true },
            ]}
          />
          {report.contacts.byOutcome.length > 0 ? (
            <DataTable
              label="Contacts by outcome"
              rows={report.contacts.byOutcome}
              rowKey={(row) => row.outcome}
              columns={[
                { header: 'Outcome', cell: (row) => CONTACT_OUTCOME_LABELS[row.outcome] },
                { header: 'Contacts', cell: (row) => row.contacts, numeric: true },
              ]}
            />
          ) : null}
        </Panel>
        <Panel
          wide
          id="collections-roll-title"
          title="Roll rates"
          note={`Cases open at the end of ${report.rollRates.fromDay}, by their bucket then (rows) and where they were at the end of ${report.rollRates.toDay} (columns).`}
        >
          <DataTable
            label="Roll rates between buckets"
            rows={report.rollRates.rows}
            rowKey={(row) => row.from}
            columns={[
              { header: 'From', cell: (row) => row.from },
              { header: 'Cases', cell: (row) => row.cases, numeric: true },
              ...CASE_ROLL_TARGETS.map((target) => ({
                header: target === 'closed' ? 'Closed' : `To ${target}`,
                numeric: true,
                cell: (row: Report['rollRates']['rows'][number]) => {
                  const moved = row.to.find((to) => to.bucket === target)?.cases ?? 0;
                  return row.cases === 0 ? '—' : percentText({ numerator: moved, denominator: row.cases });
                },
              })),
            ]}
          />
        </Panel>
      </div>
    </>
  );
}
