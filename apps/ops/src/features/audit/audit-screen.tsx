import { formatPeso } from '@hiram/contract/money';
import { AUDIT_CENTAVO_KEYS, channelLabel } from '@hiram/contract/ops/labels';
import { loanStatusText } from '@hiram/contract/ops/loans';
import type { AuditRow } from '@hiram/contract/ops/staff';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall, opsUrl } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';

const PAGE_SIZE = 50;

interface AuditFilter {
  action?: string;
  target?: string;
  actorId?: string;
  from?: string;
  to?: string;
}

/** A `datetime-local` value as an ISO time with offset, as the API filters. */
function isoOf(local: string): string | undefined {
  return local ? new Date(local).toISOString() : undefined;
}

function filterOf(form: FormData): AuditFilter {
  const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
  return {
    action: text('action'),
    target: text('target'),
    actorId: text('actorId'),
    from: isoOf(String(form.get('from') ?? '')),
    to: isoOf(String(form.get('to') ?? '')),
  };
}

/**
 * A target in words beside its id: a borrower or a loan links to its page with the borrower's name (as the
 * borrower view shows it, ADR 0027), a staff member shows as name and email.
 */
function targetCell(row: AuditRow): ReactNode {
  if (!row.target) return '—';
  const [type, id = ''] = row.target.split(':');
  const label = row.targetLabel ? <> · {row.targetLabel}</> : null;
  if (type === 'borrower')
    return (
      <>
        <a href={paths.borrower.getHref(id)}>borrower {id.slice(0, 8)}</a>
        {label}
      </>
    );
  if (type === 'loan')
    return (
      <>
        <a href={paths.loan.getHref(id)}>loan {id.slice(0, 8)}</a>
        {label}
      </>
    );
  if (row.targetLabel) return <span title={row.target}>{row.targetLabel}</span>;
  return row.target;
}

/** Before → after. */
function changeOf(row: AuditRow): string {
  const after = shown(row.after);
  return `${shown(row.before)}${after ? ` → ${after}` : ''}`;
}

/** One value as staff read it: centavos in pesos, a loan status or a channel in words. */
function valueText(key: string, value: unknown): string {
  if (typeof value === 'number' && AUDIT_CENTAVO_KEYS.has(key)) return formatPeso(value);
  if (typeof value === 'number' && key === 'status') return loanStatusText(value);
  if (typeof value === 'string' && key === 'channel') return channelLabel(value);
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return `{ ${shown(value)} }`;
  return JSON.stringify(value);
}

/** An object as "key: value" pairs, shorter to read than JSON; anything else as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value)
    .map(([key, item]) => `${key}: ${valueText(key, item)}`)
    .join(', ');
}

/** Date above time: a narrower column, written as everywhere in the console. */
function whenCell(row: AuditRow): ReactNode {
  const [date, time] = dateTime(row.at).split(', ');
  return (
    <time dateTime={row.at}>
      {date}
      <br />
      {time}
    </time>
  );
}

/** The member by name, their email below. */
function whoCell(row: AuditRow): ReactNode {
  if (!row.actorEmail) return 'Command line';
  return (
    <>
      {row.actorName ?? row.actorEmail}
      {row.actorName ? (
        <>
          <br />
          <small>{row.actorEmail}</small>
        </>
      ) : null}
    </>
  );
}

/** The audit log, filtered and paged on the server, newest first; "Older" fetches the next page. */
export function AuditScreen() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [more, setMore] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);

  const load = async (next: AuditFilter, before?: number) => {
    setLoading(true);
    try {
      const page = await opsCall('opsAuditList', { ...next, before, limit: PAGE_SIZE });
      setRows((previous) => (before ? [...previous, ...page] : page));
      setMore(page.length === PAGE_SIZE);
      setFailure(null);
    } catch (error) {
      setFailure(error);
    } finally {
      setLoading(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page, once
  useEffect(() => {
    load({});
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = filterOf(new FormData(event.currentTarget));
    setFilter(next);
    load(next);
  };

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <form className="filters" onSubmit={submit} aria-label="Filter the audit log">
        <div className="field">
          <label htmlFor="audit-action">Action</label>
          <input id="audit-action" name="action" placeholder="staff.sign-in" />
        </div>
        <div className="field">
          <label htmlFor="audit-target">Target</label>
          <input id="audit-target" name="target" placeholder="staff:…" />
        </div>
        <div className="field">
          <label htmlFor="audit-actor">Actor id</label>
          <input id="audit-actor" name="actorId" />
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input id="audit-from" name="from" type="datetime-local" />
        </div>
        <div className="field">
          <label htmlFor="audit-to">To</label>
          <input id="audit-to" name="to" type="datetime-local" />
        </div>
        <button type="submit">Filter</button>
        <a
          className="button secondary"
          href={opsUrl('opsAuditExport', filter)}
          download
          title="The export is recorded in the audit log"
        >
          Export CSV
        </a>
      </form>
      {failure ? <LoadFailure error={failure} /> : null}
      {!failure && (rows.length > 0 || !loading) ? (
        <DataTable
          label="Audit rows, newest first"
          rows={rows}
          rowKey={(row) => row.auditId}
          empty="No rows match."
          columns={[
            { header: 'When', cell: whenCell },
            { header: 'Who', cell: whoCell, className: 'who' },
            { header: 'Action', cell: (row) => <code>{row.action}</code> },
            { header: 'Target', cell: targetCell, className: 'wrap' },
            { header: 'Brand', cell: (row) => row.brandScope ?? '—' },
            { header: 'Change', cell: changeOf, className: 'change' },
            { header: 'From', cell: (row) => row.clientAddress ?? '—' },
          ]}
        />
      ) : null}
      {more ? (
        <button type="button" disabled={loading} onClick={() => load(filter, rows.at(-1)?.auditId)}>
          Older
        </button>
      ) : null}
    </section>
  );
}
