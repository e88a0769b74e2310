import type { CreditPolicyDocument } from '@hiram/contract/credit-policy';
import {
  type BacktestRun,
  type ChallengerVariant,
  type OutcomeCounts,
  REPAYMENT_RESULT_LABELS,
  REPAYMENT_RESULTS,
  type RepaymentCounts,
} from '@hiram/contract/ops/credit-policy';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ErrorMessage } from '../../components/error-message.tsx';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { percentOfBps } from '../../lib/format.ts';

/** How often the page asks a running backtest where it is. */
const POLL_MS = 1_000;

const count = (n: number) => n.toLocaleString('en');
const share = (part: number, whole: number) =>
  whole === 0 ? '—' : percentOfBps(Math.round((part * 10_000) / whole));

/** The Manila day `days` ago, as a date input's value. */
function manilaDay(daysAgo = 0): string {
  return new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

function OutcomeTable({
  label,
  columns,
}: {
  label: string;
  columns: { name: string; outcomes: OutcomeCounts }[];
}) {
  const total = (o: OutcomeCounts) => o.approve + o.refer + o.reject;
  return (
    <table className="policy-figures" data-testid="backtest-outcomes">
      <caption>{label}</caption>
      <thead>
        <tr>
          <th scope="col">Decision</th>
          {columns.map((c) => (
            <th scope="col" key={c.name} className="numeric">
              {c.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {(['approve', 'refer', 'reject'] as const).map((outcome) => (
          <tr key={outcome}>
            <th scope="row">
              {{ approve: 'Approve', refer: 'Refer to a reviewer', reject: 'Reject' }[outcome]}
            </th>
            {columns.map((c) => (
              <td key={c.name} className="numeric">
                {count(c.outcomes[outcome])}{' '}
                <small className="muted">({share(c.outcomes[outcome], total(c.outcomes))})</small>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RepaymentTable({
  label,
  columns,
}: {
  label: string;
  columns: { name: string; repayment: RepaymentCounts }[];
}) {
  return (
    <table className="policy-figures" data-testid="backtest-repayment">
      <caption>{label}</caption>
      <thead>
        <tr>
          <th scope="col">Their loans</th>
          {columns.map((c) => (
            <th scope="col" key={c.name} className="numeric">
              {c.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {REPAYMENT_RESULTS.map((result) => (
          <tr key={result}>
            <th scope="row">{REPAYMENT_RESULT_LABELS[result]}</th>
            {columns.map((c) => (
              <td key={c.name} className="numeric">
                {count(c.repayment[result])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RunFigures({ run }: { run: BacktestRun }) {
  if (run.status === 'failed') return <p className="error">The backtest failed: {run.error}</p>;
  if (run.status !== 'done' || !run.figures) {
    const total = run.total ?? 0;
    return (
      <div className="backtest-progress" aria-live="polite">
        <label htmlFor={`progress-${run.runId}`}>
          {run.status === 'queued'
            ? 'Waiting to start…'
            : `Replaying ${count(run.done)} of ${count(total)} past applications…`}
        </label>
        <progress id={`progress-${run.runId}`} max={Math.max(total, 1)} value={run.done} />
      </div>
    );
  }
  const f = run.figures;
  const live = `Version ${f.live.version} (in force)`;
  return (
    <div className="backtest-figures" aria-live="polite">
      <p role="status">
        {count(f.applications)} past applications from {run.from} to {run.to}
        {run.durationMs !== null ? `, replayed in ${(run.durationMs / 1000).toFixed(1)} s` : ''}. The draft
        decides {count(f.changed)} of them otherwise than version {f.live.version}.
      </p>
      <OutcomeTable
        label="How each would decide them"
        columns={[
          { name: 'As decided then', outcomes: f.decided },
          { name: live, outcomes: f.live.outcomes },
          { name: 'Draft', outcomes: f.draft.outcomes },
        ]}
      />
      <RepaymentTable
        label="How the loans of the applications each approves actually repaid"
        columns={[
          { name: live, repayment: f.live.approvedRepayment },
          { name: 'Draft', repayment: f.draft.approvedRepayment },
        ]}
      />
    </div>
  );
}

/**
 * Runs the draft over the past applications of a period, in the background: the page polls the run for its
 * progress, then shows beside the version in force how many the draft would approve, refer and reject, and
 * how the loans it would have approved repaid.
 */
export function BacktestPanel({
  document,
  packageName,
}: {
  document: CreditPolicyDocument | null;
  packageName: string | null;
}) {
  const id = useId();
  const [from, setFrom] = useState(() => manilaDay(90));
  const [to, setTo] = useState(() => manilaDay(0));
  const [run, setRun] = useState<BacktestRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!run || run.status === 'done' || run.status === 'failed') return;
    timer.current = setTimeout(async () => {
      try {
        setRun(await opsCall('opsBacktestView', { runId: run.runId }, { background: true }));
      } catch (problem) {
        setError(errorText(problem));
      }
    }, POLL_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [run]);

  const start = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!document) {
      setError('Fix the draft’s problems first: only a valid draft can be backtested.');
      return;
    }
    setError(null);
    try {
      setRun(await opsCall('opsBacktestStart', { packageName, from, to, document }));
    } catch (problem) {
      setError(errorText(problem));
    }
  };

  return (
    <section className="backtest" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Backtest the draft</h3>
      <form className="inline-form" onSubmit={start} aria-label="Backtest the draft">
        <div className="field">
          <label htmlFor={`${id}-from`}>Applications decided from</label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>to</label>
          <input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
        </div>
        <button
          type="submit"
          disabled={run !== null && (run.status === 'queued' || run.status === 'running')}
        >
          Run backtest
        </button>
      </form>
      <ErrorMessage error={error} />
      {run ? <RunFigures run={run} /> : null}
    </section>
  );
}

/** Champion against challenger for a brand over a period: applications, decisions, approval rate, repayment. */
export function ChallengerReport({ brands }: { brands: { packageName: string; name: string }[] }) {
  const id = useId();
  const [brand, setBrand] = useState(brands[0]?.packageName ?? '');
  const [from, setFrom] = useState(() => manilaDay(90));
  const [to, setTo] = useState(() => manilaDay(0));
  const [variants, setVariants] = useState<ChallengerVariant[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      setVariants((await opsCall('opsChallengerReport', { packageName: brand, from, to })).variants);
    } catch (problem) {
      setError(errorText(problem));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Champion against challenger</h3>
      <form className="inline-form" onSubmit={show} aria-label="Compare champion and challenger">
        <div className="field">
          <label htmlFor={`${id}-brand`}>Brand</label>
          <select id={`${id}-brand`} value={brand} onChange={(e) => setBrand(e.target.value)}>
            {brands.map((b) => (
              <option key={b.packageName} value={b.packageName}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>Decided from</label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>to</label>
          <input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
        </div>
        <button type="submit" className="secondary">
          Compare
        </button>
      </form>
      <ErrorMessage error={error} />
      {variants ? (
        <>
          <table className="policy-figures">
            <caption>Applications and decisions</caption>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col">Versions</th>
                <th scope="col" className="numeric">
                  Applications
                </th>
                <th scope="col" className="numeric">
                  Approved
                </th>
                <th scope="col" className="numeric">
                  Referred
                </th>
                <th scope="col" className="numeric">
                  Rejected
                </th>
                <th scope="col" className="numeric">
                  Approval rate
                </th>
              </tr>
            </thead>
            <tbody>
              {variants.map((v) => (
                <tr key={v.variant}>
                  <th scope="row">{v.variant === 'champion' ? 'Champion' : 'Challenger'}</th>
                  <td>{v.versions.length ? v.versions.join(', ') : '—'}</td>
                  <td className="numeric">{count(v.applications)}</td>
                  <td className="numeric">{count(v.outcomes.approve)}</td>
                  <td className="numeric">{count(v.outcomes.refer)}</td>
                  <td className="numeric">{count(v.outcomes.reject)}</td>
                  <td className="numeric">{percentOfBps(v.approvalRateBps)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <RepaymentTable
            label="How their loans repaid"
            columns={variants.map((v) => ({
              name: v.variant === 'champion' ? 'Champion' : 'Challenger',
              repayment: v.repayment,
            }))}
          />
        </>
      ) : null}
    </section>
  );
}
