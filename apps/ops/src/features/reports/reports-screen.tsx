import { formatPeso } from '@hiram/contract/money';
import { channelLabel } from '@hiram/contract/ops/labels';
import {
  EXPORT_KINDS,
  type ExportKind,
  type PortfolioReport,
  percentText,
  REPORT_EXPORT_ROLES,
  ROLL_TARGETS,
} from '@hiram/contract/ops/reports';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall, opsDownload } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { navigate } from '../../lib/use-hash-location.ts';

// The chart library is loaded only when this screen has figures to draw (ADR 0034).
const charts = () => import('./report-charts.tsx');
const DailyChart = lazy(() => charts().then((m) => ({ default: m.DailyChart })));
const ParChart = lazy(() => charts().then((m) => ({ default: m.ParChart })));
const ChannelChart = lazy(() => charts().then((m) => ({ default: m.ChannelChart })));

const DEFAULT_DAYS = 30;

/** A Manila calendar day, `days` after today (negative: before). */
function manilaDay(days = 0): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const EXPORT_LABELS: Record<ExportKind, string> = {
  loans: 'Loans CSV',
  payments: 'Payments CSV',
  journals: 'Journals CSV',
};

interface Filter {
  from: string;
  to: string;
  brand: string;
}

/**
 * Portfolio reports for a range of Manila days and a brand, every figure from the ledger (docs/reports.md):
 * key figures, disbursed and collected per day, PAR, roll rates and collections by channel, each chart with a
 * table of the same figures; CSV exports for the money desks. The filter lives in the URL.
 */
export function ReportsScreen(props: Filter) {
  const { member } = useSession();
  const filter: Filter = {
    from: props.from || manilaDay(1 - DEFAULT_DAYS),
    to: props.to || manilaDay(),
    brand: props.brand,
  };
  const [report, setReport] = useState<PortfolioReport | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<ExportKind | null>(null);

  useEffect(() => {
    let live = true;
    setFailure(null);
    opsCall('opsPortfolioReport', {
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
    navigate(paths.reports.getHref({ from: value('from'), to: value('to'), brand: value('brand') }));
  };

  const download = async (kind: ExportKind) => {
    setExporting(kind);
    setExportError(null);
    try {
      const file = await opsDownload('opsReportExport', {
        kind,
        from: filter.from,
        to: filter.to,
        brand: filter.brand || undefined,
      });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = `${kind}-${filter.from}-${filter.to}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    } catch (error) {
      setExportError(error instanceof Error ? error.message : 'The export failed.');
    } finally {
      setExporting(null);
    }
  };

  const canExport = member !== null && REPORT_EXPORT_ROLES.includes(member.role);

  return (
    <section aria-labelledby="reports-title" className="reports">
      <h1 id="reports-title">Reports</h1>
      <form className="filters" onSubmit={submit} aria-label="Report filters" key={JSON.stringify(filter)}>
        <div className="field">
          <label htmlFor="report-from">From (Manila day)</label>
          <input id="report-from" name="from" type="date" defaultValue={filter.from} required />
        </div>
        <div className="field">
          <label htmlFor="report-to">To</label>
          <input id="report-to" name="to" type="date" defaultValue={filter.to} required />
        </div>
        <div className="field">
          <label htmlFor="report-brand">Brand</label>
          <select id="report-brand" name="brand" defaultValue={filter.brand}>
            {member?.brandScope ? null : <option value="">All brands</option>}
            {(report?.brands ?? []).map((brand) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Show</button>
        {canExport ? (
          <fieldset className="exports">
            <legend className="visually-hidden">Export as CSV</legend>
            {EXPORT_KINDS.map((kind) => (
              <button
                key={kind}
                type="button"
                className="secondary"
                disabled={exporting !== null}
                onClick={() => download(kind)}
              >
                {exporting === kind ? 'Exporting…' : EXPORT_LABELS[kind]}
              </button>
            ))}
          </fieldset>
        ) : null}
      </form>
      <ErrorMessage error={exportError} />
      {failure ? <LoadFailure error={failure} /> : null}
      {!failure && !report ? <p aria-live="polite">Loading…</p> : null}
      {!failure && report ? <Figures report={report} /> : null}
    </section>
  );
}

interface PanelProps {
  id: string;
  title: string;
  note?: string;
  /** Across the whole width: a table too wide for half. */
  wide?: boolean;
  children: ReactNode;
}

function Panel({ id, title, note, wide = false, children }: PanelProps) {
  return (
    <section className={wide ? 'panel wide' : 'panel'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note ? <p className="note">{note}</p> : null}
      {children}
    </section>
  );
}

function Figures({ report }: { report: PortfolioReport }) {
  const outstanding = report.outstanding.principal;
  const activeDays = report.days.filter((day) => day.disbursedLoans !== 0 || day.collected !== 0);
  const key: [string, string, string?][] = [
    [
      'Disbursed principal',
      formatPeso(report.totals.disbursedPrincipal),
      `${report.totals.disbursedLoans} loans`,
    ],
    ['Paid out', formatPeso(report.totals.disbursedCash), 'net proceeds'],
    ['Collected', formatPeso(report.totals.collected)],
    ['Outstanding principal', formatPeso(outstanding), `${report.outstanding.loans} loans`],
    [
      'Approval rate',
      percentText(report.approval),
      `${report.approval.numerator} of ${report.approval.denominator} decided`,
    ],
    [
      'First-payment default',
      percentText(report.firstPaymentDefault),
      `${report.firstPaymentDefault.numerator} of ${report.firstPaymentDefault.denominator} due`,
    ],
  ];
  return (
    <>
      <p className="note report-scope">
        {report.brand ?? 'All brands'}, {report.from} to {report.to} (Manila days). Balances and days past due
        at the end of {report.asOfDay}.
      </p>
      <dl className="key-figures" aria-label="Key figures">
        {key.map(([label, value, detail]) => (
          <div key={label} className="key-figure">
            <dt>{label}</dt>
            <dd>
              <span className="figure">{value}</span>
              {detail ? <span className="detail">{detail}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <div className="report-grid">
        <Panel id="daily-title" title="Disbursed and collected per day">
          <Suspense fallback={<p className="note">Drawing the chart…</p>}>
            <DailyChart days={report.days} />
          </Suspense>
          <DataTable
            label="Disbursed and collected per day (days with activity)"
            rows={activeDays}
            rowKey={(day) => day.day}
            empty="Nothing was paid out or collected in these days."
            columns={[
              { header: 'Day', cell: (day) => <time dateTime={day.day}>{day.day}</time> },
              { header: 'Loans', cell: (day) => day.disbursedLoans, numeric: true },
              {
                header: 'Disbursed principal',
                cell: (day) => formatPeso(day.disbursedPrincipal),
                numeric: true,
              },
              { header: 'Paid out', cell: (day) => formatPeso(day.disbursedCash), numeric: true },
              { header: 'Collected', cell: (day) => formatPeso(day.collected), numeric: true },
            ]}
          />
        </Panel>
        <Panel
          id="par-title"
          title="Portfolio at risk"
          note="Outstanding principal of loans more than n days past due, over all outstanding principal."
        >
          <Suspense fallback={<p className="note">Drawing the chart…</p>}>
            <ParChart par={report.par} outstanding={outstanding} />
          </Suspense>
          <DataTable
            label="Portfolio at risk"
            rows={report.par}
            rowKey={(row) => row.days}
            columns={[
              { header: 'Measure', cell: (row) => `PAR ${row.days}` },
              { header: 'Loans', cell: (row) => row.loans, numeric: true },
              { header: 'Principal', cell: (row) => formatPeso(row.principal), numeric: true },
              {
                header: 'Share',
                cell: (row) => percentText({ numerator: row.principal, denominator: outstanding }),
                numeric: true,
              },
            ]}
          />
        </Panel>
        <Panel
          id="channels-title"
          title="Collections by channel"
          note="Cash credited in the range, by the channel it came through."
        >
          {report.collectionsByChannel.length > 0 ? (
            <Suspense fallback={<p className="note">Drawing the chart…</p>}>
              <ChannelChart channels={report.collectionsByChannel} />
            </Suspense>
          ) : null}
          <DataTable
            label="Collections by channel"
            rows={report.collectionsByChannel}
            rowKey={(row) => row.channel}
            empty="Nothing was collected in these days."
            columns={[
              { header: 'Channel', cell: (row) => channelLabel(row.channel) },
              { header: 'Payments', cell: (row) => row.payments, numeric: true },
              { header: 'Amount', cell: (row) => formatPeso(row.amount), numeric: true },
            ]}
          />
        </Panel>
        <Panel
          wide
          id="roll-title"
          title="Roll rates"
          note={`Loans outstanding at the end of ${report.rollRates.fromDay}, by days past due then (rows) and at the end of ${report.rollRates.toDay} (columns).`}
        >
          <DataTable
            label="Roll rates between delinquency buckets"
            rows={report.rollRates.rows}
            rowKey={(row) => row.from}
            columns={[
              { header: 'From', cell: (row) => row.from },
              { header: 'Loans', cell: (row) => row.loans, numeric: true },
              ...ROLL_TARGETS.map((target) => ({
                header: target === 'closed' ? 'Closed' : `To ${target}`,
                numeric: true,
                cell: (row: PortfolioReport['rollRates']['rows'][number]) => {
                  const moved = row.to.find((to) => to.bucket === target)?.loans ?? 0;
                  return row.loans === 0 ? '—' : percentText({ numerator: moved, denominator: row.loans });
                },
              })),
            ]}
          />
        </Panel>
      </div>
    </>
  );
}
