import { formatPeso } from '@hiram/contract/money';
import {
  DIFFERENCE_KINDS,
  RESOLUTION_NOTE_MAX_LENGTH,
  type ReconciliationDifference,
  SETTLEMENT_PROVIDERS,
} from '@hiram/contract/ops/reconciliation';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { type FormEvent, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable, Pager } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { day } from '../../lib/format.ts';
import { navigate } from '../../lib/use-hash-location.ts';
import { hrefOf, KIND_LABELS, PROVIDER_LABELS, type ReconciliationView } from './view.ts';

const PAGE_SIZE = 20;

/** The loan page another screen shows; the link works once it exists. */

const amountOf = (centavos: number | null) => (centavos === null ? '—' : formatPeso(centavos));

type Differences = OpsResponseOf<'opsReconciliationDifferences'>;

/** The differences queue: a filter kept in the URL, the table, and a note to resolve one. */
export function DifferencesSection({
  view,
  onResolved,
}: {
  view: ReconciliationView;
  onResolved: () => void;
}) {
  const [result, setResult] = useState<Differences | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [resolving, setResolving] = useState<ReconciliationDifference | null>(null);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads after a resolve
  useEffect(() => {
    let live = true;
    opsCall('opsReconciliationDifferences', {
      status: view.status === 'all' ? undefined : view.status,
      kind: view.kind || undefined,
      provider: view.provider || undefined,
      from: view.from || undefined,
      to: view.to || undefined,
      page: view.page,
      pageSize: PAGE_SIZE,
    }).then(
      (answer) => {
        if (!live) return;
        setResult(answer);
        setFailure(null);
      },
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [view.status, view.kind, view.provider, view.from, view.to, view.page, version]);

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    navigate(
      hrefOf({
        ...view,
        status: text('status') as ReconciliationView['status'],
        kind: text('kind') as ReconciliationView['kind'],
        provider: text('provider') as ReconciliationView['provider'],
        from: text('from'),
        to: text('to'),
        page: 1,
      }),
    );
  };

  const resolved = () => {
    setResolving(null);
    setVersion((v) => v + 1);
    onResolved();
  };

  return (
    <>
      <h2 id="differences-title">Differences</h2>
      <form className="filters" onSubmit={filter} aria-label="Filter the differences" key={hrefOf(view)}>
        <div className="field">
          <label htmlFor="difference-status">Status</label>
          <select id="difference-status" name="status" defaultValue={view.status}>
            <option value="open">Open</option>
            <option value="resolved">Resolved</option>
            <option value="all">All</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="difference-kind">Kind</label>
          <select id="difference-kind" name="kind" defaultValue={view.kind}>
            <option value="">Every kind</option>
            {DIFFERENCE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="difference-provider">Provider</label>
          <select id="difference-provider" name="provider" defaultValue={view.provider}>
            <option value="">Both</option>
            {SETTLEMENT_PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {PROVIDER_LABELS[provider]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="difference-from">Settled from</label>
          <input id="difference-from" name="from" type="date" defaultValue={view.from} />
        </div>
        <div className="field">
          <label htmlFor="difference-to">Settled to</label>
          <input id="difference-to" name="to" type="date" defaultValue={view.to} />
        </div>
        <button type="submit">Filter</button>
      </form>
      {failure ? <LoadFailure error={failure} /> : null}
      {result && !failure ? (
        <>
          <p aria-live="polite">{result.total === 1 ? '1 difference.' : `${result.total} differences.`}</p>
          <DataTable
            label="Differences"
            rows={result.items}
            rowKey={(d) => d.differenceId}
            empty="No difference matches."
            columns={[
              {
                header: 'Settlement day',
                cell: (d) => <time dateTime={d.settlementDate}>{day(d.settlementDate)}</time>,
              },
              { header: 'Kind', cell: (d) => <span className="nowrap">{KIND_LABELS[d.kind]}</span> },
              { header: 'Provider', cell: (d) => PROVIDER_LABELS[d.provider] },
              { header: 'Reference', cell: (d) => <code className="reference">{d.reference}</code> },
              {
                header: 'Loan',
                cell: (d) =>
                  d.orderId ? <a href={paths.loan.getHref(d.orderId)}>{d.orderId.slice(0, 8)}</a> : '—',
              },
              { header: 'Provider amount', numeric: true, cell: (d) => amountOf(d.providerAmount) },
              { header: 'Ledger amount', numeric: true, cell: (d) => amountOf(d.ledgerAmount) },
              {
                header: 'Status',
                cell: (d) =>
                  d.status === 'open' ? (
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Resolve ${d.reference}`}
                      onClick={() => setResolving(d)}
                    >
                      Resolve
                    </button>
                  ) : (
                    <span className="resolution">
                      Resolved by {d.resolvedByEmail ?? '—'}
                      <br />
                      <small>{d.resolutionNote}</small>
                    </span>
                  ),
              },
            ]}
          />
          <Pager
            page={view.page}
            pageSize={result.pageSize}
            total={result.total}
            hrefOf={(page) => hrefOf({ ...view, page })}
          />
        </>
      ) : null}
      {resolving ? (
        <ResolveForm difference={resolving} onCancel={() => setResolving(null)} onResolved={resolved} />
      ) : null}
    </>
  );
}

/** A note saying what was found and done; resolving moves no money (a correction is a loan action). */
function ResolveForm({
  difference,
  onCancel,
  onResolved,
}: {
  difference: ReconciliationDifference;
  onCancel: () => void;
  onResolved: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get('note') ?? '');
    setBusy(true);
    try {
      await opsCall('opsReconciliationResolve', { differenceId: difference.differenceId, note });
      onResolved();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="inline-form resolve-form" onSubmit={submit} aria-labelledby="resolve-title">
      <h2 id="resolve-title">
        Resolve {KIND_LABELS[difference.kind].toLowerCase()}: <code>{difference.reference}</code>
      </h2>
      <p className="hint">
        Resolving records what you found and did; it moves no money. To correct the ledger, propose a reversal
        or a manual credit on the loan.
      </p>
      <div className="field grow">
        <label htmlFor="resolve-note">Note</label>
        <textarea
          id="resolve-note"
          name="note"
          required
          minLength={3}
          maxLength={RESOLUTION_NOTE_MAX_LENGTH}
          rows={3}
        />
      </div>
      <ErrorMessage error={error} />
      <button type="submit" disabled={busy}>
        Mark resolved
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
