import { CASE_BUCKETS, type CaseBucket } from '@hiram/contract/collection-cases';
import {
  ASSIGNMENT_METHOD_LABELS,
  ASSIGNMENT_METHODS,
  type AssignmentMethod,
  type CaseAgent,
} from '@hiram/contract/ops/collection-cases';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useOpsData } from '../../lib/use-ops-data.ts';

/**
 * The assignment rules on the supervisor's board (ADR 0074): who gets a new case of a brand and bucket,
 * round-robin or by capacity, at most so many open cases each. A supervisor adds and removes them (audited by
 * the server); a reader sees them.
 */
export function AssignmentRules({ agents, mayEdit }: { agents: readonly CaseAgent[]; mayEdit: boolean }) {
  const rules = useOpsData('opsAssignmentRules', {}, 'rules');
  const brands = useOpsData('opsBrandList', { page: 1, pageSize: 100 }, 'rule-brands');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const nameOf = (staffId: string) => agents.find((a) => a.staffId === staffId)?.name ?? 'a former agent';

  const remove = async (ruleId: string) => {
    try {
      await opsCall('opsAssignmentRuleDelete', { ruleId });
      setError(null);
      setNotice('Rule removed.');
      rules.reload();
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The rule could not be removed.');
    }
  };

  return (
    <section aria-labelledby="rules-title" className="card case-card">
      <h2 id="rules-title">Assignment rules</h2>
      <p className="hint">
        A case opening in a rule's brand and bucket goes to its agents in turn (round-robin) or to the one
        with the fewest open cases (by capacity); with no rule it waits unassigned.
      </p>
      <ErrorMessage error={error} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {rules.failure ? <LoadFailure error={rules.failure} /> : null}
      {rules.data ? (
        <DataTable
          label="Assignment rules"
          rows={rules.data.items}
          rowKey={(row) => row.ruleId}
          empty="No rule yet: new cases wait unassigned."
          columns={[
            { header: 'Brand', cell: (row) => row.packageName ?? 'Every brand' },
            { header: 'Bucket', cell: (row) => (row.bucket ? `${row.bucket} days` : 'Every bucket') },
            { header: 'How', cell: (row) => ASSIGNMENT_METHOD_LABELS[row.method] },
            { header: 'Agents', cell: (row) => row.agentIds.map(nameOf).join(', ') },
            { header: 'Most open each', numeric: true, cell: (row) => row.maxOpen ?? 'No limit' },
            { header: 'Changed', cell: (row) => dateTime(row.updatedAt) },
            ...(mayEdit
              ? [
                  {
                    header: 'Remove',
                    cell: (row: { ruleId: string; bucket: string | null }) => (
                      <button type="button" className="secondary" onClick={() => remove(row.ruleId)}>
                        Remove
                        <span className="visually-hidden"> the rule for {row.bucket ?? 'every bucket'}</span>
                      </button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : null}
      {mayEdit ? (
        <RuleForm
          agents={agents}
          brands={brands.data?.items.map((b) => b.packageName) ?? []}
          onSaved={(text) => {
            setError(null);
            setNotice(text);
            rules.reload();
          }}
        />
      ) : null}
    </section>
  );
}

function RuleForm({
  agents,
  brands,
  onSaved,
}: {
  agents: readonly CaseAgent[];
  brands: readonly string[];
  onSaved: (notice: string) => void;
}) {
  const [brand, setBrand] = useState('');
  const [bucket, setBucket] = useState('');
  const [method, setMethod] = useState<AssignmentMethod>('roundRobin');
  const [picked, setPicked] = useState<string[]>([]);
  const [maxOpen, setMaxOpen] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (picked.length === 0) {
      setError('Tick at least one agent.');
      return;
    }
    try {
      await opsCall('opsAssignmentRuleSave', {
        packageName: brand || null,
        bucket: (bucket || null) as CaseBucket | null,
        method,
        agentIds: picked,
        maxOpen: maxOpen ? Number(maxOpen) : null,
      });
      setError(null);
      setPicked([]);
      setMaxOpen('');
      onSaved(`Rule saved: ${bucket ? `${bucket} days` : 'every bucket'}, ${brand || 'every brand'}.`);
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The rule could not be saved.');
    }
  };

  return (
    <form onSubmit={submit} aria-label="Add an assignment rule" className="filters rule-form">
      <ErrorMessage error={error} />
      <div className="field">
        <label htmlFor="rule-brand">Brand</label>
        <select id="rule-brand" value={brand} onChange={(e) => setBrand(e.target.value)}>
          <option value="">Every brand</option>
          {brands.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="rule-bucket">Bucket</label>
        <select id="rule-bucket" value={bucket} onChange={(e) => setBucket(e.target.value)}>
          <option value="">Every bucket</option>
          {CASE_BUCKETS.map((b) => (
            <option key={b} value={b}>
              {b} days
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="rule-method">How</label>
        <select
          id="rule-method"
          value={method}
          onChange={(e) => setMethod(e.target.value as AssignmentMethod)}
        >
          {ASSIGNMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {ASSIGNMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="rule-max">Most open cases each (optional)</label>
        <input
          id="rule-max"
          type="number"
          min={1}
          inputMode="numeric"
          value={maxOpen}
          onChange={(e) => setMaxOpen(e.target.value)}
        />
      </div>
      <fieldset className="rule-agents">
        <legend>Agents</legend>
        {agents.length === 0 ? <p className="hint">No collections agent yet.</p> : null}
        {agents.map((a) => (
          <label key={a.staffId}>
            <input
              type="checkbox"
              checked={picked.includes(a.staffId)}
              onChange={(e) =>
                setPicked((now) =>
                  e.target.checked ? [...now, a.staffId] : now.filter((id) => id !== a.staffId),
                )
              }
            />{' '}
            {a.name}
          </label>
        ))}
      </fieldset>
      <button type="submit">Add rule</button>
    </form>
  );
}
