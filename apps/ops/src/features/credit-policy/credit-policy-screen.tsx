import type { CreditPolicyDocument } from '@hiram/contract/credit-policy';
import { PROPOSAL_KINDS, PROPOSAL_REASON_MAX_LENGTH } from '@hiram/contract/ops/approvals';
import {
  BACKTEST_ROLES,
  CHALLENGER_SHARE_MAX,
  type CreditPolicyView,
  EVERY_BRAND,
} from '@hiram/contract/ops/credit-policy';
import type { StaffRole } from '@hiram/contract/ops/staff';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { PendingProposals } from '../../components/pending-proposals.tsx';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { BacktestPanel, ChallengerReport } from './backtest-panel.tsx';
import { PolicyDocument } from './policy-document.tsx';
import { checkDraft, type Draft, PolicyEditor } from './policy-editor.tsx';

/** "every brand" or the brand's name and package. */
function scopeName(view: CreditPolicyView, packageName: string | null): string {
  if (packageName === null || packageName === EVERY_BRAND) return 'Every brand';
  const brand = view.brands.find((b) => b.packageName === packageName);
  return brand ? `${brand.appName} (${packageName})` : packageName;
}

/** The version in force now for a scope: a brand's own or every brand's. */
function liveVersionOf(view: CreditPolicyView, packageName: string | null): number {
  if (packageName === null) return view.everyBrandVersion;
  return view.brands.find((b) => b.packageName === packageName)?.liveVersion ?? view.everyBrandVersion;
}

/** A datetime-local value read on Manila's clock (the console's), as an instant. */
function manilaInstant(local: string): string | null {
  if (!local) return null;
  return new Date(`${local}:00+08:00`).toISOString();
}

function DraftForm({ view, onProposed }: { view: CreditPolicyView; onProposed: (summary: string) => void }) {
  const id = useId();
  const role = useSession().member?.role as StaffRole;
  const [scope, setScope] = useState<string | null>(null);
  const basedOn = liveVersionOf(view, scope);
  const live = view.versions.find((v) => v.version === basedOn);
  const [draft, setDraft] = useState<Draft>(() => structuredClone(live?.document ?? {}) as Draft);
  const [effective, setEffective] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { document, problems } = useMemo(() => checkDraft(draft), [draft]);
  const mayPropose = (PROPOSAL_KINDS['credit-policy.publish'].makers as readonly StaffRole[]).includes(role);

  const propose = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!document) {
      setError('The draft has problems (marked above): nothing was proposed.');
      return;
    }
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    setSending(true);
    setError(null);
    try {
      const proposal = await opsCall('opsProposalCreate', {
        kind: 'credit-policy.publish',
        payload: { packageName: scope, effectiveFrom: manilaInstant(effective), basedOn, document },
        reason,
      });
      onProposed(`Proposed: ${proposal.summary}. Another risk officer or an admin must approve it.`);
    } catch (problem) {
      setError(errorText(problem));
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="product-form policy-draft">
      <h2 id={`${id}-title`}>Draft a new version</h2>
      <p className="hint">
        Starts from the version in force for its brand (version {basedOn}). Every change is checked as you
        type; backtest it on past applications, then propose it: it takes effect when another risk officer or
        an admin approves it, for applications submitted from then on.
      </p>
      <div className="terms-grid">
        <div className="field">
          <label htmlFor={`${id}-scope`}>Applies to</label>
          <select
            id={`${id}-scope`}
            value={scope ?? EVERY_BRAND}
            onChange={(event) => {
              const next = event.target.value === EVERY_BRAND ? null : event.target.value;
              setScope(next);
              const from = view.versions.find((v) => v.version === liveVersionOf(view, next));
              if (from) setDraft(structuredClone(from.document) as Draft);
            }}
          >
            <option value={EVERY_BRAND}>Every brand (without its own version)</option>
            {view.brands.map((brand) => (
              <option key={brand.packageName} value={brand.packageName}>
                {scopeName(view, brand.packageName)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-effective`}>Takes effect (Manila time)</label>
          <input
            id={`${id}-effective`}
            type="datetime-local"
            value={effective}
            onChange={(event) => setEffective(event.target.value)}
            aria-describedby={`${id}-effective-hint`}
          />
          <small id={`${id}-effective-hint`} className="hint">
            Empty: at approval. A date already past at approval means at approval.
          </small>
        </div>
      </div>
      <PolicyEditor draft={draft} problems={problems} onChange={setDraft} />
      <div className={problems.size === 0 ? 'cap-guard' : 'cap-guard incomplete'} aria-live="polite">
        {problems.size === 0 ? (
          <span>The draft is a valid policy document.</span>
        ) : (
          <span>
            {problems.size} problem{problems.size === 1 ? '' : 's'} to fix, marked next to their fields.
          </span>
        )}
      </div>
      {(BACKTEST_ROLES as readonly StaffRole[]).includes(role) ? (
        <BacktestPanel document={document} packageName={scope} />
      ) : null}
      {mayPropose ? (
        <form onSubmit={propose} aria-label="Propose this draft">
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason for the checker</label>
            <textarea
              id={`${id}-reason`}
              name="reason"
              required
              minLength={3}
              maxLength={PROPOSAL_REASON_MAX_LENGTH}
              rows={2}
            />
          </div>
          <ErrorMessage error={error} />
          <button type="submit" disabled={sending}>
            Propose for approval
          </button>
        </form>
      ) : null}
    </section>
  );
}

function ChallengerForm({
  view,
  onProposed,
}: {
  view: CreditPolicyView;
  onProposed: (summary: string) => void;
}) {
  const id = useId();
  const [brand, setBrand] = useState(view.brands[0]?.packageName ?? '');
  const [error, setError] = useState<string | null>(null);
  const current = view.brands.find((b) => b.packageName === brand);

  const send = async (payload: Record<string, unknown>, reason: string) => {
    setError(null);
    try {
      const proposal = await opsCall('opsProposalCreate', {
        kind: 'credit-policy.challenger',
        payload: { packageName: brand, ...payload },
        reason,
      });
      onProposed(`Proposed: ${proposal.summary}. Another risk officer or an admin must approve it.`);
    } catch (problem) {
      setError(errorText(problem));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const intent = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
    const reason = String(form.get('reason') ?? '').trim();
    if (intent === 'end') send({ version: null, sharePercent: null }, reason);
    else send({ version: Number(form.get('version')), sharePercent: Number(form.get('share')) }, reason);
  };

  return (
    <form className="product-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Set or end a challenger</h3>
      <p className="hint">
        A challenger decides a share of the brand's new applications, the same borrowers each time; the
        version in force decides the rest. The report below compares the two.
      </p>
      <div className="terms-grid">
        <div className="field">
          <label htmlFor={`${id}-brand`}>Brand</label>
          <select id={`${id}-brand`} value={brand} onChange={(event) => setBrand(event.target.value)}>
            {view.brands.map((b) => (
              <option key={b.packageName} value={b.packageName}>
                {scopeName(view, b.packageName)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-version`}>Challenger version</label>
          <select id={`${id}-version`} name="version">
            {view.versions
              .filter(
                (v) =>
                  v.version !== current?.liveVersion && (v.packageName === null || v.packageName === brand),
              )
              .map((v) => (
                <option key={v.version} value={v.version}>
                  Version {v.version}
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-share`}>Share of new applications (%)</label>
          <input
            id={`${id}-share`}
            name="share"
            type="number"
            min={1}
            max={CHALLENGER_SHARE_MAX}
            defaultValue={10}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason for the checker</label>
        <input
          id={`${id}-reason`}
          name="reason"
          required
          minLength={3}
          maxLength={PROPOSAL_REASON_MAX_LENGTH}
        />
      </div>
      <ErrorMessage error={error} />
      <span className="actions">
        <button type="submit" value="set">
          Propose this challenger
        </button>
        {current?.challenger ? (
          <button type="submit" value="end" className="secondary">
            Propose ending the challenger
          </button>
        ) : null}
      </span>
    </form>
  );
}

/**
 * The credit policy (ADR 0072): what is in force for each brand and every version published, each readable; a
 * risk officer's draft, checked by the contract's schema as it is typed, backtested on past applications and
 * proposed for a second person's approval; the challenger of each brand and how it compares.
 */
export function CreditPolicyScreen() {
  const role = useSession().member?.role as StaffRole;
  const [view, setView] = useState<CreditPolicyView | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [proposals, setProposals] = useState(0);

  const load = useCallback(async () => {
    try {
      setView(await opsCall('opsCreditPolicy', {}));
      setFailure(null);
    } catch (problem) {
      setFailure(problem);
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  if (failure) return <LoadFailure error={failure} />;
  if (!view) return <p aria-live="polite">Loading…</p>;
  const shownVersion = view.versions.find((v) => v.version === (shown ?? view.everyBrandVersion));
  const proposed = (summary: string) => {
    setNotice(summary);
    setProposals((n) => n + 1);
  };
  const mayPropose = (PROPOSAL_KINDS['credit-policy.publish'].makers as readonly StaffRole[]).includes(role);

  return (
    <section aria-labelledby="credit-policy-title" className="credit-policy">
      <h1 id="credit-policy-title">Credit policy</h1>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}

      <h2>In force now</h2>
      <DataTable
        label="The version in force for each brand"
        rows={view.brands}
        rowKey={(b) => b.packageName}
        columns={[
          { header: 'Brand', cell: (b) => scopeName(view, b.packageName) },
          {
            header: 'Version in force',
            numeric: true,
            cell: (b) => `${b.liveVersion}${b.ownVersion ? ' (its own)' : ' (every brand’s)'}`,
          },
          {
            header: 'Challenger',
            cell: (b) =>
              b.challenger
                ? `version ${b.challenger.version}, ${b.challenger.sharePercent}% since ${dateTime(b.challenger.startedAt)}`
                : 'none',
          },
        ]}
      />

      <PendingProposals
        targetType="creditPolicy"
        refreshKey={proposals}
        onDecided={(_, decision) => {
          setNotice(null);
          if (decision === 'approve') load();
        }}
      />

      <h2>Versions</h2>
      <DataTable
        label="Published versions, newest first"
        rows={view.versions}
        rowKey={(v) => v.version}
        columns={[
          { header: 'Version', numeric: true, cell: (v) => v.version },
          { header: 'For', cell: (v) => scopeName(view, v.packageName) },
          {
            header: 'In force for',
            cell: (v) => (v.inForceFor.length ? v.inForceFor.map((b) => scopeName(view, b)).join(', ') : '—'),
          },
          { header: 'Effective from', cell: (v) => dateTime(v.effectiveFrom) },
          { header: 'Published', cell: (v) => dateTime(v.publishedAt) },
          { header: 'Proposed by', cell: (v) => v.createdBy },
          {
            header: 'Document',
            cell: (v) => (
              <button
                type="button"
                className="link"
                aria-pressed={v.version === shownVersion?.version}
                onClick={() => setShown(v.version)}
              >
                Read version {v.version}
              </button>
            ),
          },
        ]}
      />
      {shownVersion ? (
        <>
          <h2>Version {shownVersion.version}</h2>
          <PolicyDocument
            title={`Version ${shownVersion.version}`}
            document={shownVersion.document as CreditPolicyDocument}
          />
        </>
      ) : null}

      {mayPropose || (BACKTEST_ROLES as readonly StaffRole[]).includes(role) ? (
        <DraftForm key={view.versions[0]?.version} view={view} onProposed={proposed} />
      ) : null}

      <h2>Champion and challenger</h2>
      {mayPropose ? <ChallengerForm view={view} onProposed={proposed} /> : null}
      <ChallengerReport
        brands={view.brands.map((b) => ({
          packageName: b.packageName,
          name: scopeName(view, b.packageName),
        }))}
      />
    </section>
  );
}
