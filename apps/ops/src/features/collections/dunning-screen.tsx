import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import {
  DUNNING_MAKERS,
  DUNNING_PLACEHOLDERS,
  DUNNING_STOP_CONDITIONS,
  DUNNING_STOP_LABELS,
  type DunningRule,
  type DunningStopCondition,
  type DunningTemplate,
  REQUIRED_PLACEHOLDERS,
  templateProblems,
} from '@hiram/contract/ops/dunning';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';

const LANGUAGES = [
  ['en', 'English'],
  ['fil', 'Filipino'],
  ['es', 'Spanish'],
] as const;

/**
 * Dunning (ADR 0076): the brand's messages and rules as they are in force, the contact caps, and forms to draft a
 * new one or a change and propose it; another supervisor or an admin approves it in Approvals (old → new). The
 * server refuses a message with a placeholder outside the list, a threat or insult, or without the lender.
 */
export function DunningScreen() {
  const { data, failure, loading, reload } = useOpsData('opsDunningView', {}, 'dunning');
  const member = useSession().member;
  const mayPropose = member !== null && DUNNING_MAKERS.includes(member.role);
  const [notice, setNotice] = useState<string | null>(null);
  const proposed = (summary: string) => {
    setNotice(`Proposed: ${summary}. Another supervisor or an admin approves it in Approvals.`);
    reload();
  };
  return (
    <section aria-labelledby="dunning-title">
      <h1 id="dunning-title">Dunning</h1>
      {failure ? <LoadFailure error={failure} /> : null}
      {loading && !data ? <p aria-live="polite">Loading…</p> : null}
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="muted">
            A borrower is contacted at most {data.caps.dailyMax} times a day and {data.caps.weeklyMax} times
            in seven days, whoever contacts her (from {data.caps.effectiveFrom}); never from 22:00 to 06:00.
          </p>
          <section aria-labelledby="rules-title" className="card">
            <h2 id="rules-title">Rules</h2>
            <DataTable
              label="Dunning rules"
              rows={data.rules}
              rowKey={(row) => row.ruleId}
              empty="No rule yet: only the fixed overdue reminder is sent."
              columns={[
                { header: 'Rule', cell: (row) => `${row.name}${row.active ? '' : ' (off)'}` },
                { header: 'Brand', cell: (row) => row.brand },
                {
                  header: 'Days past due',
                  cell: (row) =>
                    `${row.minDaysPastDue}${row.maxDaysPastDue === null ? '+' : `-${row.maxDaysPastDue}`}`,
                },
                { header: 'Message', cell: (row) => row.templateName },
                { header: 'Cadence', cell: (row) => `every ${row.everyDays} days, at most ${row.maxSends}` },
                {
                  header: 'Stops when',
                  cell: (row) => row.stopWhen.map((s) => DUNNING_STOP_LABELS[s]).join('; ') || 'none',
                },
                { header: 'Version', cell: (row) => `${row.version}, ${dateTime(row.updatedAt)}` },
              ]}
            />
            {mayPropose ? (
              <RuleForm rules={data.rules} templates={data.templates} onProposed={proposed} />
            ) : null}
          </section>
          <section aria-labelledby="templates-title" className="card">
            <h2 id="templates-title">Messages</h2>
            <DataTable
              label="Dunning messages"
              rows={data.templates}
              rowKey={(row) => row.templateId}
              empty="No message yet."
              columns={[
                {
                  header: 'Message',
                  cell: (row) => `${row.name}${row.saysDisputed ? ' (says disputed)' : ''}`,
                },
                { header: 'Brand', cell: (row) => row.brand },
                { header: 'English', cell: (row) => row.texts.en },
                { header: 'Filipino', cell: (row) => row.texts.fil },
                { header: 'Spanish', cell: (row) => row.texts.es },
              ]}
            />
            {mayPropose ? <TemplateForm templates={data.templates} onProposed={proposed} /> : null}
          </section>
        </>
      ) : null}
    </section>
  );
}

function TemplateForm({
  templates,
  onProposed,
}: {
  templates: readonly DunningTemplate[];
  onProposed: (summary: string) => void;
}) {
  const brand = useSession().member?.brandScope ?? DEFAULT_PACKAGE_NAME;
  const [templateId, setTemplateId] = useState('');
  const current = templates.find((t) => t.templateId === templateId) ?? null;
  const [name, setName] = useState('');
  const [texts, setTexts] = useState({ en: '', fil: '', es: '' });
  const [saysDisputed, setSaysDisputed] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const pick = (id: string) => {
    setTemplateId(id);
    const t = templates.find((x) => x.templateId === id);
    setName(t?.name ?? '');
    setTexts(t ? { ...t.texts } : { en: '', fil: '', es: '' });
    setSaysDisputed(t?.saysDisputed ?? false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const proposal = await opsCall('opsProposalCreate', {
        kind: 'dunning.template',
        payload: {
          packageName: current?.brand ?? brand,
          templateId: current?.templateId ?? null,
          name: name.trim(),
          texts,
          saysDisputed,
        },
        reason: reason.trim(),
      });
      setError(null);
      setReason('');
      onProposed(proposal.summary);
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The message could not be proposed.');
    }
  };

  return (
    <form onSubmit={submit} aria-label="Draft a message" className="stacked-form">
      <h3>Draft a message</h3>
      <p className="muted">
        Placeholders: {DUNNING_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}. Every language must carry{' '}
        {REQUIRED_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.
      </p>
      <ErrorMessage error={error} />
      <div className="field">
        <label htmlFor="template-pick">Change</label>
        <select id="template-pick" value={templateId} onChange={(e) => pick(e.target.value)}>
          <option value="">A new message</option>
          {templates.map((t) => (
            <option key={t.templateId} value={t.templateId}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="template-name">Name</label>
        <input
          id="template-name"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          required
        />
      </div>
      {LANGUAGES.map(([language, label]) => {
        const problems = texts[language] ? templateProblems(texts[language], language) : null;
        const said = problems
          ? [
              problems.unknown.length
                ? `not allowed: ${problems.unknown.map((p) => `{${p}}`).join(', ')}`
                : '',
              problems.forbidden.length ? `forbidden words: ${problems.forbidden.join(', ')}` : '',
              problems.missing.length ? `missing: ${problems.missing.map((p) => `{${p}}`).join(', ')}` : '',
            ].filter(Boolean)
          : [];
        return (
          <div className="field" key={language}>
            <label htmlFor={`template-${language}`}>{label}</label>
            <textarea
              id={`template-${language}`}
              value={texts[language]}
              maxLength={480}
              rows={3}
              onChange={(e) => setTexts({ ...texts, [language]: e.target.value })}
              aria-describedby={said.length ? `template-${language}-problems` : undefined}
              required
            />
            {said.length ? (
              <p className="field-error" id={`template-${language}-problems`}>
                {said.join('; ')}
              </p>
            ) : null}
          </div>
        );
      })}
      <label className="checkbox">
        <input type="checkbox" checked={saysDisputed} onChange={(e) => setSaysDisputed(e.target.checked)} />{' '}
        It says the debt is disputed (the only kind a disputed borrower may receive)
      </label>
      <div className="field">
        <label htmlFor="template-reason">Why</label>
        <input
          id="template-reason"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          required
        />
      </div>
      <button type="submit">Propose</button>
    </form>
  );
}

function RuleForm({
  rules,
  templates,
  onProposed,
}: {
  rules: readonly DunningRule[];
  templates: readonly DunningTemplate[];
  onProposed: (summary: string) => void;
}) {
  const brand = useSession().member?.brandScope ?? DEFAULT_PACKAGE_NAME;
  const [ruleId, setRuleId] = useState('');
  const current = rules.find((r) => r.ruleId === ruleId) ?? null;
  const [form, setForm] = useState({
    name: '',
    minDaysPastDue: '2',
    maxDaysPastDue: '',
    templateId: '',
    everyDays: '3',
    maxSends: '3',
    active: true,
    stopWhen: ['promiseRunning', 'disputeOpen', 'hardship', 'agencyPlacement'] as DunningStopCondition[],
  });
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const pick = (id: string) => {
    setRuleId(id);
    const r = rules.find((x) => x.ruleId === id);
    if (r)
      setForm({
        name: r.name,
        minDaysPastDue: String(r.minDaysPastDue),
        maxDaysPastDue: r.maxDaysPastDue === null ? '' : String(r.maxDaysPastDue),
        templateId: r.templateId,
        everyDays: String(r.everyDays),
        maxSends: String(r.maxSends),
        active: r.active,
        stopWhen: [...r.stopWhen],
      });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const proposal = await opsCall('opsProposalCreate', {
        kind: 'dunning.rule',
        payload: {
          packageName: current?.brand ?? brand,
          ruleId: current?.ruleId ?? null,
          name: form.name.trim(),
          minDaysPastDue: Number(form.minDaysPastDue),
          maxDaysPastDue: form.maxDaysPastDue ? Number(form.maxDaysPastDue) : null,
          channel: 'sms',
          templateId: form.templateId,
          everyDays: Number(form.everyDays),
          maxSends: Number(form.maxSends),
          stopWhen: form.stopWhen,
          active: form.active,
        },
        reason: reason.trim(),
      });
      setError(null);
      setReason('');
      onProposed(proposal.summary);
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The rule could not be proposed.');
    }
  };

  const number = (key: 'minDaysPastDue' | 'maxDaysPastDue' | 'everyDays' | 'maxSends', label: string) => (
    <div className="field">
      <label htmlFor={`rule-${key}`}>{label}</label>
      <input
        id={`rule-${key}`}
        type="number"
        min={1}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        required={key !== 'maxDaysPastDue'}
      />
    </div>
  );

  return (
    <form onSubmit={submit} aria-label="Draft a rule" className="stacked-form">
      <h3>Draft a rule</h3>
      <ErrorMessage error={error} />
      <div className="field">
        <label htmlFor="rule-pick">Change</label>
        <select id="rule-pick" value={ruleId} onChange={(e) => pick(e.target.value)}>
          <option value="">A new rule</option>
          {rules.map((r) => (
            <option key={r.ruleId} value={r.ruleId}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="rule-name">Name</label>
        <input
          id="rule-name"
          value={form.name}
          maxLength={80}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          required
        />
      </div>
      {number('minDaysPastDue', 'From day past due')}
      {number('maxDaysPastDue', 'To day past due (empty: no end)')}
      <div className="field">
        <label htmlFor="rule-template">Message (SMS)</label>
        <select
          id="rule-template"
          value={form.templateId}
          onChange={(e) => setForm({ ...form, templateId: e.target.value })}
          required
        >
          <option value="">Choose a message</option>
          {templates.map((t) => (
            <option key={t.templateId} value={t.templateId}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      {number('everyDays', 'Every (days)')}
      {number('maxSends', 'At most (messages)')}
      <fieldset>
        <legend>Stops when</legend>
        {DUNNING_STOP_CONDITIONS.map((stop) => (
          <label key={stop} className="checkbox">
            <input
              type="checkbox"
              checked={form.stopWhen.includes(stop)}
              disabled={stop === 'disputeOpen'}
              onChange={(e) =>
                setForm({
                  ...form,
                  stopWhen: e.target.checked
                    ? [...form.stopWhen, stop]
                    : form.stopWhen.filter((s) => s !== stop),
                })
              }
            />{' '}
            {DUNNING_STOP_LABELS[stop]}
            {stop === 'disputeOpen' ? ' (always)' : ''}
          </label>
        ))}
      </fieldset>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.active}
          onChange={(e) => setForm({ ...form, active: e.target.checked })}
        />{' '}
        Active
      </label>
      <div className="field">
        <label htmlFor="rule-reason">Why</label>
        <input
          id="rule-reason"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          required
        />
      </div>
      <button type="submit">Propose</button>
    </form>
  );
}
