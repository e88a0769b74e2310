import type { BorrowerHit } from '@hiram/contract/ops/borrowers';
import {
  PRIVACY_REGISTER_STATUSES,
  PRIVACY_REQUEST_KINDS,
  type PrivacyRegisterItem,
} from '@hiram/contract/ops/privacy';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { dateTime } from '../../lib/format.ts';
import { navigate } from '../../lib/use-hash-location.ts';
import { useOpsData } from '../../lib/use-ops-data.ts';

export const KIND_LABELS: Record<PrivacyRegisterItem['kind'], string> = {
  access: 'Access (a copy of her data)',
  correction: 'Correction',
  erasure: 'Erasure',
  portability: 'Portability (her data to take elsewhere)',
};
const STATUS_LABELS: Record<(typeof PRIVACY_REGISTER_STATUSES)[number], string> = {
  open: 'Open',
  answered: 'Answered',
  refused: 'Refused',
  all: 'All',
};

/** "Due 12 Jan 2027", with an overdue mark when its 30 working days have passed (by the server's day). */
export function DueOn({ item }: { item: Pick<PrivacyRegisterItem, 'dueOn' | 'overdue' | 'status'> }) {
  return (
    <>
      {item.dueOn}
      {item.overdue ? <span className="badge overdue"> Overdue</span> : null}
    </>
  );
}

/**
 * The privacy desk's register (RA 10173; NPC Advisory 2021-01; ADR 0088): open requests first, soonest due
 * first, overdue ones marked; filters by status and kind in the URL. Support records a request received by
 * phone, e-mail or at the counter, for a borrower found by her number or name.
 */
export function PrivacyRegisterScreen({ status, kind }: { status: string; kind: string }) {
  const filter = {
    ...((PRIVACY_REGISTER_STATUSES as readonly string[]).includes(status)
      ? { status: status as PrivacyRegisterItem['status'] | 'all' }
      : {}),
    ...((PRIVACY_REQUEST_KINDS as readonly string[]).includes(kind)
      ? { kind: kind as PrivacyRegisterItem['kind'] }
      : {}),
  };
  const { data, failure } = useOpsData('opsPrivacyRequests', filter, JSON.stringify(filter));

  const applyFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    navigate(
      paths.privacy.getHref({
        status: String(form.get('status') ?? ''),
        kind: String(form.get('kind') ?? ''),
      }),
    );
  };

  return (
    <section aria-labelledby="privacy-title">
      <h1 id="privacy-title">Privacy requests</h1>
      <p className="hint">
        Borrowers’ requests under the Data Privacy Act: answered within 30 working days of receipt, Philippine
        holidays not counted. Corrections and erasures are proposed by compliance and approved by another
        member.
      </p>
      <form className="filters" aria-label="Filter the register" onSubmit={applyFilter}>
        <div className="field">
          <label htmlFor="privacy-status">Status</label>
          <select id="privacy-status" name="status" defaultValue={filter.status ?? 'open'}>
            {PRIVACY_REGISTER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="privacy-kind">Kind</label>
          <select id="privacy-kind" name="kind" defaultValue={filter.kind ?? ''}>
            <option value="">Any</option>
            {PRIVACY_REQUEST_KINDS.map((value) => (
              <option key={value} value={value}>
                {KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Show</button>
      </form>
      {failure ? <LoadFailure error={failure} /> : null}
      {data ? (
        <DataTable
          label="Privacy requests, open first by due day"
          rows={data.items}
          rowKey={(item) => item.requestId}
          empty="No request of this kind."
          columns={[
            { header: 'Received', cell: (item) => dateTime(item.receivedAt) },
            {
              header: 'Borrower',
              cell: (item) => (
                <a href={paths.privacyRequest.getHref(item.requestId)}>
                  {item.borrowerName ?? 'No name yet'}
                </a>
              ),
            },
            { header: 'Kind', cell: (item) => KIND_LABELS[item.kind] },
            { header: 'From', cell: (item) => (item.channel === 'app' ? 'App' : 'Support') },
            { header: 'Due', cell: (item) => <DueOn item={item} /> },
            { header: 'Status', cell: (item) => STATUS_LABELS[item.status] },
          ]}
        />
      ) : failure ? null : (
        <p aria-live="polite">Loading…</p>
      )}
      <Intake />
    </section>
  );
}

/** Intake by support: find the borrower, say what she asks, record it with its due day. */
function Intake() {
  const [hits, setHits] = useState<BorrowerHit[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    try {
      setHits((await opsCall('opsBorrowerSearch', { q, page: 1, pageSize: 10 })).items);
      setError(null);
    } catch (problem) {
      setError(errorText(problem));
    }
  };

  const record = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const userId = String(form.get('userId') ?? '');
    if (!userId) {
      setError('Choose the borrower who asked.');
      return;
    }
    try {
      const request = await opsCall('opsPrivacyRequestCreate', {
        userId,
        kind: String(form.get('kind')) as PrivacyRegisterItem['kind'],
      });
      navigate(paths.privacyRequest.getHref(request.requestId));
    } catch (problem) {
      setError(errorText(problem));
    }
  };

  return (
    <section className="card" aria-labelledby="privacy-intake-title">
      <h2 id="privacy-intake-title">Record a request</h2>
      <p className="hint">
        A request made by phone, e-mail or in person. Check who is asking before you record it: her number,
        her birthday, a code sent to her phone.
      </p>
      <form className="filters" aria-label="Find the borrower" onSubmit={search}>
        <div className="field grow">
          <label htmlFor="privacy-intake-q">Her mobile number or name</label>
          <input id="privacy-intake-q" name="q" required minLength={2} maxLength={100} />
        </div>
        <button type="submit">Find</button>
      </form>
      {hits ? (
        hits.length === 0 ? (
          <p>No borrower found.</p>
        ) : (
          <form aria-label="Record the request" onSubmit={record}>
            <fieldset className="choices">
              <legend>Borrower</legend>
              {hits.map((hit) => (
                <label key={hit.userId}>
                  <input type="radio" name="userId" value={hit.userId} defaultChecked={hits.length === 1} />{' '}
                  {hit.name ?? 'No name yet'} · {hit.mobile} · {hit.packageName}
                </label>
              ))}
            </fieldset>
            <div className="filters">
              <div className="field">
                <label htmlFor="privacy-intake-kind">She asks for</label>
                <select id="privacy-intake-kind" name="kind" defaultValue="access">
                  {PRIVACY_REQUEST_KINDS.map((value) => (
                    <option key={value} value={value}>
                      {KIND_LABELS[value]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit">Record the request</button>
            </div>
          </form>
        )
      ) : null}
      <ErrorMessage error={error} />
    </section>
  );
}
