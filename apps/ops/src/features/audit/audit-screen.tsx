import type { AuditRow } from '@hiram/contract/ops/staff';
import { type FormEvent, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { opsCall, opsUrl } from '../../lib/api.ts';

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
        <a className="button secondary" href={opsUrl('opsAuditExport', filter)} download>
          Export CSV
        </a>
      </form>
      {failure ? <LoadFailure error={failure} /> : null}
      {!failure ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <section className="table-wrap" aria-label="Audit rows" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Audit rows, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Brand</th>
                <th scope="col">Change</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.auditId}>
                  <td>
                    <time dateTime={row.at}>{new Date(row.at).toLocaleString()}</time>
                  </td>
                  <td>{row.actorEmail ?? '—'}</td>
                  <td>
                    <code>{row.action}</code>
                  </td>
                  <td>{row.target ?? '—'}</td>
                  <td>{row.brandScope ?? '—'}</td>
                  <td className="change">
                    {row.before !== null && row.before !== undefined ? JSON.stringify(row.before) : ''}
                    {row.after !== null && row.after !== undefined ? ` → ${JSON.stringify(row.after)}` : ''}
                  </td>
                  <td>{row.clientAddress ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {!failure && !loading && rows.length === 0 ? <p>No rows match.</p> : null}
      {more ? (
        <button type="button" disabled={loading} onClick={() => load(filter, rows.at(-1)?.auditId)}>
          Older
        </button>
      ) : null}
    </section>
  );
}
