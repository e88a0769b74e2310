import {
  ASSESSMENT_REASON_LABELS,
  ASSESSMENT_REASONS,
  type AssessmentReason,
} from '@hiram/contract/assessment';
import {
  CreditPolicyDocument,
  DECISION_FACTS,
  type DecisionFactName,
  FACT_OPERATORS,
  type FactCondition,
  isListOperator,
  type RuleCondition,
  type RuleOperator,
} from '@hiram/contract/credit-policy';
import { formatPeso, pesosToCentavos } from '@hiram/contract/money';
import {
  BAND_LABELS,
  FACT_GROUPS,
  FACT_LABELS,
  factAnswers,
  factsTested,
  factUnit,
  isFactCondition,
  newCondition,
  newRule,
  OPERATOR_WORDS,
  OVERDUE_ACTION_LABELS,
  OVERDUE_ACTIONS,
  withFact,
  withOperator,
} from '@hiram/contract/ops/credit-policy';
import { useId } from 'react';

/**
 * The draft a risk officer edits: the document as typed, where a field being typed may hold text that is not a
 * number yet (the contract's schema then says so, next to the field). Paths are the schema's own.
 */
export type Draft = Record<string, unknown>;
export type Path = readonly (string | number)[];

export function pathKey(path: Path): string {
  return path.join('.');
}

function getIn(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
    value,
  );
}

export function setIn(draft: Draft, path: Path, value: unknown): Draft {
  const copy = structuredClone(draft);
  let node = copy as Record<string | number, unknown>;
  path.slice(0, -1).forEach((key) => {
    node = node[key] as Record<string | number, unknown>;
  });
  node[path.at(-1) as string | number] = value;
  return copy;
}

/** The draft checked by the contract's CreditPolicyDocument: the document, or each problem by its field's path. */
export function checkDraft(draft: Draft): {
  document: CreditPolicyDocument | null;
  problems: Map<string, string>;
} {
  const problems = new Map<string, string>();
  // The schema takes any kind of value in a condition; the fact it tests says which one it means.
  const walk = (condition: unknown, path: Path) => {
    if (!condition || typeof condition !== 'object') return;
    const node = condition as Record<string, unknown>;
    if (typeof node.fact === 'string' && node.fact in DECISION_FACTS) {
      const type = DECISION_FACTS[node.fact as keyof typeof DECISION_FACTS];
      if (type === 'number' && (typeof node.value !== 'number' || !Number.isFinite(node.value)))
        problems.set(pathKey([...path, 'value']), 'Enter a number');
      return;
    }
    for (const kind of ['all', 'any'] as const)
      if (Array.isArray(node[kind]))
        for (const [i, part] of (node[kind] as unknown[]).entries()) walk(part, [...path, kind, i]);
  };
  const rules = getIn(draft, ['assessment', 'rules']);
  if (Array.isArray(rules))
    for (const [i, rule] of rules.entries()) walk(rule?.conditions, ['assessment', 'rules', i, 'conditions']);
  const parsed = CreditPolicyDocument.safeParse(draft);
  if (parsed.success) return { document: problems.size === 0 ? parsed.data : null, problems };
  for (const issue of parsed.error.issues) {
    const key = pathKey(issue.path as Path);
    const message = issue.code === 'invalid_type' ? 'Enter a number' : issue.message;
    if (!problems.has(key)) problems.set(key, message);
  }
  return { document: null, problems };
}

interface EditorProps {
  draft: Draft;
  problems: ReadonlyMap<string, string>;
  onChange: (draft: Draft) => void;
}

/** A number field of the draft, its problem under it; `toValue` turns what is typed into the document's value. */
function NumberField({
  label,
  hint,
  path,
  draft,
  problems,
  onChange,
  shown,
  toValue,
}: EditorProps & {
  label: string;
  hint?: string;
  path: Path;
  shown: (value: unknown) => string;
  toValue: (text: string) => unknown;
}) {
  const id = useId();
  const problem = problems.get(pathKey(path));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={shown(getIn(draft, path))}
        onChange={(event) => onChange(setIn(draft, path, toValue(event.target.value)))}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      ) : null}
      {problem ? (
        <small id={`${id}-error`} className="field-error">
          {problem}
        </small>
      ) : null}
    </div>
  );
}

/** Whole numbers as typed: a number when it is one, else the text (the schema names the problem). */
const wholeNumber = (text: string): unknown => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text);
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : String(value ?? ''));
/** Pesos typed, centavos kept. */
const pesosValue = (text: string): unknown => pesosToCentavos(text) ?? text;
const pesosShown = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value)
    ? formatPeso(value).replace('₱', '')
    : String(value ?? '');

/** A condition's problem, under its field, named by the field's `aria-describedby`. */
function Problem({ id, problem }: { id: string; problem: string | undefined }) {
  return problem ? (
    <small id={id} className="field-error">
      {problem}
    </small>
  ) : null;
}

/**
 * One condition's value as its fact and comparison take it: a number (%, ₱ or a count), yes/no, one answer, a
 * list of answers (the question's options, the bureau's statuses), or text where the answers are not known.
 */
function ConditionValue({
  condition,
  path,
  ...props
}: EditorProps & { condition: FactCondition; path: Path }) {
  const id = useId();
  const label = `${FACT_LABELS[condition.fact]}: value`;
  const problem = props.problems.get(pathKey(path));
  const invalid = problem ? true : undefined;
  const describedBy = problem ? `${id}-error` : undefined;
  const type = DECISION_FACTS[condition.fact];
  const answers = factAnswers(condition.fact);
  const set = (value: unknown) => props.onChange(setIn(props.draft, path, value));
  const error = <Problem id={`${id}-error`} problem={problem} />;
  if (type === 'boolean') {
    return (
      <span className="condition-value">
        <select
          aria-label={label}
          value={String(condition.value)}
          onChange={(e) => set(e.target.value === 'true')}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        >
          <option value="true">yes</option>
          <option value="false">no</option>
        </select>
        {error}
      </span>
    );
  }
  if (type === 'string' && isListOperator(condition.operator) && answers) {
    const chosen = new Set(Array.isArray(condition.value) ? condition.value : [String(condition.value)]);
    return (
      <span className="condition-value">
        <fieldset className="answer-list" aria-invalid={invalid} aria-describedby={describedBy}>
          <legend className="visually-hidden">{label}</legend>
          {answers.map((answer) => (
            <label key={answer.value}>
              <input
                type="checkbox"
                checked={chosen.has(answer.value)}
                onChange={(e) =>
                  set(
                    answers
                      .map((a) => a.value)
                      .filter((v) => (v === answer.value ? e.target.checked : chosen.has(v))),
                  )
                }
              />{' '}
              {answer.label}
            </label>
          ))}
        </fieldset>
        {error}
      </span>
    );
  }
  if (type === 'string' && answers) {
    return (
      <span className="condition-value">
        <select
          aria-label={label}
          value={String(condition.value)}
          onChange={(e) => set(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        >
          {answers.some((answer) => answer.value === condition.value) ? null : (
            <option value={String(condition.value)}>{String(condition.value) || 'none given'}</option>
          )}
          {answers.map((answer) => (
            <option key={answer.value} value={answer.value}>
              {answer.label}
            </option>
          ))}
        </select>
        {error}
      </span>
    );
  }
  if (type === 'string') {
    // Text a fact holds whose answers the contract does not list: one, or several separated by commas.
    const list = isListOperator(condition.operator);
    return (
      <span className="condition-value">
        <input
          aria-label={list ? `${label} (separated by commas)` : label}
          value={Array.isArray(condition.value) ? condition.value.join(', ') : String(condition.value)}
          onChange={(e) =>
            set(
              list
                ? e.target.value
                    .split(',')
                    .map((part) => part.trim())
                    .filter(Boolean)
                : e.target.value,
            )
          }
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
        {error}
      </span>
    );
  }
  const unit = factUnit(condition.fact);
  const shown =
    unit === 'percent' && typeof condition.value === 'number'
      ? String(condition.value / 100)
      : unit === 'pesos'
        ? pesosShown(condition.value)
        : asText(condition.value);
  return (
    <span className="condition-value">
      {unit === 'pesos' ? <span aria-hidden="true">₱</span> : null}
      <input
        id={id}
        aria-label={`${label}${unit === 'percent' ? ' (%)' : unit === 'pesos' ? ' (₱)' : ''}`}
        inputMode="decimal"
        value={shown}
        onChange={(e) => {
          const text = e.target.value;
          if (unit === 'percent') {
            const n = wholeNumber(text);
            set(typeof n === 'number' ? Math.round(n * 100) : text);
          } else set(unit === 'pesos' ? pesosValue(text) : wholeNumber(text));
        }}
        aria-invalid={invalid}
        aria-describedby={describedBy}
      />
      {unit === 'percent' ? <span aria-hidden="true">%</span> : null}
      {error}
    </span>
  );
}

type Group = { all: RuleCondition[] } | { any: RuleCondition[] };
/** At most this many conditions in a group (the contract's limit). */
const GROUP_MAX = 20;

/**
 * One condition, every part editable: the fact it tests (by where it comes from), the comparisons its type
 * allows, its value; and a button to remove it unless it is the group's only one.
 */
function ConditionRow({
  condition,
  path,
  number,
  onRemove,
  ...props
}: EditorProps & { condition: FactCondition; path: Path; number: string; onRemove: (() => void) | null }) {
  const id = useId();
  const set = (next: FactCondition) => props.onChange(setIn(props.draft, path, next));
  const type = DECISION_FACTS[condition.fact];
  const operators = FACT_OPERATORS[type].includes(condition.operator)
    ? FACT_OPERATORS[type]
    : [condition.operator, ...FACT_OPERATORS[type]];
  const factProblem = props.problems.get(pathKey([...path, 'fact']));
  const operatorProblem = props.problems.get(pathKey([...path, 'operator']));
  return (
    <li className="condition">
      <span className="condition-number" aria-hidden="true">
        {number}.
      </span>
      <span className="condition-part">
        <select
          aria-label={`Condition ${number}: fact`}
          value={condition.fact}
          onChange={(e) => set(withFact(condition, e.target.value as DecisionFactName))}
          aria-invalid={factProblem ? true : undefined}
          aria-describedby={factProblem ? `${id}-fact-error` : undefined}
        >
          {FACT_GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.facts.map((fact) => (
                <option key={fact} value={fact}>
                  {FACT_LABELS[fact]}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <Problem id={`${id}-fact-error`} problem={factProblem} />
      </span>
      <span className="condition-part">
        <select
          aria-label={`Condition ${number}: comparison`}
          value={condition.operator}
          onChange={(e) => set(withOperator(condition, e.target.value as RuleOperator))}
          aria-invalid={operatorProblem ? true : undefined}
          aria-describedby={operatorProblem ? `${id}-operator-error` : undefined}
        >
          {operators.map((operator) => (
            <option key={operator} value={operator}>
              {OPERATOR_WORDS[operator]}
            </option>
          ))}
        </select>
        <Problem id={`${id}-operator-error`} problem={operatorProblem} />
      </span>
      <ConditionValue condition={condition} path={[...path, 'value']} {...props} />
      {onRemove ? (
        <button type="button" className="secondary" onClick={onRemove}>
          Remove <span className="visually-hidden">condition {number}</span>
        </button>
      ) : null}
    </li>
  );
}

/**
 * A group of conditions: whether all or any of them must hold (switchable), each condition, adding one and, at
 * the rule's top, adding a group inside it ("… and (this or that)"). Deeper groups are not offered: two levels
 * write every rule of the kind "A and (B or C)" and stay readable.
 */
function ConditionGroup({
  group,
  path,
  prefix,
  onRemove,
  ruleFacts,
  ...props
}: EditorProps & {
  group: Group;
  path: Path;
  prefix: string;
  onRemove: (() => void) | null;
  /** The facts the whole rule tests: a condition added anywhere in it starts on another one. */
  ruleFacts?: readonly DecisionFactName[];
}) {
  const id = useId();
  const [kind, parts] = 'all' in group ? (['all', group.all] as const) : (['any', group.any] as const);
  const setParts = (next: RuleCondition[]) => props.onChange(setIn(props.draft, path, { [kind]: next }));
  const remove = (index: number) =>
    parts.length > 1 ? () => setParts(parts.filter((_, i) => i !== index)) : null;
  const tested = ruleFacts ?? factsTested(group);
  const full = parts.length >= GROUP_MAX;
  const problem = props.problems.get(pathKey([...path, kind]));
  const top = prefix === '';
  return (
    <div className={top ? 'condition-group' : 'condition-group nested'}>
      <div className="group-head">
        <label htmlFor={id}>{top ? 'Applies when' : `Group ${prefix.slice(0, -1)}: when`}</label>
        <select
          id={id}
          value={kind}
          onChange={(e) =>
            props.onChange(setIn(props.draft, path, { [e.target.value as 'all' | 'any']: parts }))
          }
        >
          <option value="all">all of these hold</option>
          <option value="any">any of these holds</option>
        </select>
        {onRemove ? (
          <button type="button" className="secondary" onClick={onRemove}>
            Remove group <span className="visually-hidden">{prefix.slice(0, -1)}</span>
          </button>
        ) : null}
        <Problem id={`${id}-error`} problem={problem} />
      </div>
      <ol className="conditions">
        {parts.map((part, index) => {
          const number = `${prefix}${index + 1}`;
          const partPath = [...path, kind, index];
          return isFactCondition(part) ? (
            <ConditionRow
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their place is their name
              key={index}
              condition={part}
              path={partPath}
              number={number}
              onRemove={remove(index)}
              {...props}
            />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <li key={index}>
              <ConditionGroup
                group={part as Group}
                path={partPath}
                prefix={`${number}.`}
                onRemove={remove(index)}
                ruleFacts={tested}
                {...props}
              />
            </li>
          );
        })}
      </ol>
      <div className="group-actions">
        <button
          type="button"
          className="secondary"
          disabled={full}
          onClick={() => setParts([...parts, newCondition(tested)])}
        >
          Add a condition
          {top ? null : <span className="visually-hidden"> to group {prefix.slice(0, -1)}</span>}
        </button>
        {top ? (
          <button
            type="button"
            className="secondary"
            disabled={full}
            onClick={() =>
              setParts([...parts, { [kind === 'all' ? 'any' : 'all']: [newCondition(tested)] } as Group])
            }
          >
            Add a group ({kind === 'all' ? 'any' : 'all'} of)
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The draft's fields: the credit line, each rule (band, thresholds, on or off), the assessment's settings.
 * Every change is checked at once by the contract's schema; a problem shows next to its field.
 */
export function PolicyEditor({ draft, problems, onChange }: EditorProps) {
  const props = { draft, problems, onChange };
  const addId = useId();
  const rules =
    (getIn(draft, ['assessment', 'rules']) as {
      reason: AssessmentReason;
      band: string;
      conditions: RuleCondition;
    }[]) ?? [];
  const unused = ASSESSMENT_REASONS.filter((reason) => !rules.some((rule) => rule.reason === reason));
  const ladderProblem = [...problems.entries()].find(([key]) => key.startsWith('creditLine.ladder'))?.[1];
  const ladderId = useId();
  const ladder = getIn(draft, ['creditLine', 'ladder']);
  return (
    <div className="policy-editor">
      <fieldset>
        <legend>Credit line</legend>
        <div className="terms-grid">
          <NumberField
            label="Starter line (₱)"
            hint="A new borrower's line"
            path={['creditLine', 'starter']}
            shown={pesosShown}
            toValue={pesosValue}
            {...props}
          />
          <div className="field wide">
            <label htmlFor={ladderId}>Ladder rungs (₱, smallest first)</label>
            <input
              id={ladderId}
              value={Array.isArray(ladder) ? ladder.map(pesosShown).join('; ') : String(ladder ?? '')}
              onChange={(event) =>
                onChange(
                  setIn(
                    draft,
                    ['creditLine', 'ladder'],
                    event.target.value
                      .split(';')
                      .map((part) => part.trim())
                      .filter(Boolean)
                      .map(pesosValue),
                  ),
                )
              }
              aria-invalid={ladderProblem ? true : undefined}
              aria-describedby={`${ladderId}-hint${ladderProblem ? ` ${ladderId}-error` : ''}`}
            />
            <small id={`${ladderId}-hint`} className="hint">
              Separated by semicolons; each loan repaid on time climbs one
            </small>
            {ladderProblem ? (
              <small id={`${ladderId}-error`} className="field-error">
                {ladderProblem}
              </small>
            ) : null}
          </div>
          <NumberField
            label="Days overdue that change the line"
            path={['creditLine', 'overdue', 'afterDays']}
            shown={asText}
            toValue={wholeNumber}
            {...props}
          />
          <div className="field wide">
            <label htmlFor={`${ladderId}-action`}>Then</label>
            <select
              id={`${ladderId}-action`}
              value={String(getIn(draft, ['creditLine', 'overdue', 'action']))}
              onChange={(e) => onChange(setIn(draft, ['creditLine', 'overdue', 'action'], e.target.value))}
            >
              {OVERDUE_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {OVERDUE_ACTION_LABELS[action]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>

      <fieldset>
        <legend>Rules</legend>
        <ol className="rule-list">
          {rules.map((rule, index) => {
            const path = ['assessment', 'rules', index] as const;
            return (
              <li key={rule.reason} className="rule" data-testid={`rule-${rule.reason}`}>
                <div className="rule-head">
                  <strong>{ASSESSMENT_REASON_LABELS[rule.reason]}</strong>
                  <select
                    aria-label={`${ASSESSMENT_REASON_LABELS[rule.reason]}: band`}
                    value={rule.band}
                    onChange={(e) => onChange(setIn(draft, [...path, 'band'], e.target.value))}
                  >
                    <option value="refer">{BAND_LABELS.refer}</option>
                    <option value="reject">{BAND_LABELS.reject}</option>
                  </select>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() =>
                      onChange(
                        setIn(
                          draft,
                          ['assessment', 'rules'],
                          rules.filter((_, i) => i !== index),
                        ),
                      )
                    }
                  >
                    Turn off <span className="visually-hidden">{ASSESSMENT_REASON_LABELS[rule.reason]}</span>
                  </button>
                </div>
                <ConditionGroup
                  group={rule.conditions as Group}
                  path={[...path, 'conditions']}
                  prefix=""
                  onRemove={null}
                  {...props}
                />
              </li>
            );
          })}
        </ol>
        {unused.length > 0 ? (
          <div className="inline-form">
            <label htmlFor={addId}>Turn on a rule</label>{' '}
            <select id={addId} defaultValue="">
              <option value="" disabled>
                Choose a reason…
              </option>
              {unused.map((reason) => (
                <option key={reason} value={reason}>
                  {ASSESSMENT_REASON_LABELS[reason]}
                </option>
              ))}
            </select>{' '}
            <button
              type="button"
              className="secondary"
              onClick={() => {
                const select = document.getElementById(addId) as HTMLSelectElement | null;
                const reason = select?.value as AssessmentReason | '';
                if (!reason) return;
                onChange(setIn(draft, ['assessment', 'rules'], [...rules, newRule(reason)]));
                if (select) select.value = '';
              }}
            >
              Add rule
            </button>
          </div>
        ) : null}
      </fieldset>

      <fieldset>
        <legend>Assessment</legend>
        <div className="terms-grid">
          <NumberField
            label="Refused borrowers apply again after (days)"
            path={['assessment', 'reapplyAfterDays']}
            shown={asText}
            toValue={wholeNumber}
            {...props}
          />
          <NumberField
            label="Fraud window (days)"
            hint="How far back the phone and address application counts look"
            path={['assessment', 'fraudWindowDays']}
            shown={asText}
            toValue={wholeNumber}
            {...props}
          />
          <div className="field checkbox">
            <input
              id={`${addId}-bureau`}
              type="checkbox"
              checked={Boolean(getIn(draft, ['assessment', 'askBureau']))}
              onChange={(e) => onChange(setIn(draft, ['assessment', 'askBureau'], e.target.checked))}
            />
            <label htmlFor={`${addId}-bureau`}>Ask the credit bureau (with the borrower's consent)</label>
          </div>
        </div>
      </fieldset>
    </div>
  );
}
