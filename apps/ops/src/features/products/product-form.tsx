import type { LenderDetails } from '@hiram/contract/disclosure';
import { PROPOSAL_REASON_MAX_LENGTH } from '@hiram/contract/ops/approvals';
import type { ProductTerms, ProductTermsProblem } from '@hiram/contract/ops/products';
import type { ChannelId } from '@hiram/contract/repayment';
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { ErrorMessage } from '../../components/error-message.tsx';
import { OpsApiError } from '../../lib/api.ts';
import { DisclosurePreview } from './disclosure-preview.tsx';
import { DRAFT_FIELD, readDraft, type TermsDraft } from './terms-form.ts';

interface ProductFormProps {
  title: string;
  initial: TermsDraft;
  /** Fields before the terms (the new product's id and brand). */
  children?: ReactNode;
  lender: LenderDetails | null;
  channels: readonly ChannelId[];
  /** The brand's cooling-off period, stated in the preview; null before a brand is known. */
  coolingOffDays: number | null;
  /** Sends the proposal; what it throws is shown. */
  onPropose: (terms: ProductTerms, reason: string) => Promise<void>;
}

type TextField = Exclude<keyof TermsDraft, 'active' | 'interestMethod'>;

const INPUTS: readonly {
  field: TextField;
  label: string;
  hint?: string;
  mode: 'decimal' | 'text' | 'numeric';
}[] = [
  { field: 'name', label: 'Name', mode: 'text' },
  { field: 'minPesos', label: 'Smallest amount (₱)', mode: 'decimal' },
  { field: 'maxPesos', label: 'Largest amount (₱)', mode: 'decimal' },
  { field: 'stepPesos', label: 'Amount step (₱)', mode: 'decimal' },
  { field: 'tenures', label: 'Tenures (days)', hint: 'Separated by commas', mode: 'text' },
  { field: 'monthlyInterestPercent', label: 'Interest (% a month)', mode: 'decimal' },
  {
    field: 'processingFeePercent',
    label: 'Processing fee (%)',
    hint: 'Of the principal, kept from what is sent',
    mode: 'decimal',
  },
  {
    field: 'dailyPenaltyPercent',
    label: 'Late penalty (% a day)',
    hint: 'On the overdue amount only',
    mode: 'decimal',
  },
  { field: 'extensionDays', label: 'Extension (days)', hint: '0: no extension', mode: 'numeric' },
  {
    field: 'extensionFeePercent',
    label: 'Extension fee (%)',
    hint: 'Of the principal still owed',
    mode: 'decimal',
  },
];

/**
 * A product's terms with the cap guard live: every keystroke runs the contract's own checks, so the form says
 * which cap a value breaks before anything is sent, refuses to propose such terms, and previews the Disclosure
 * Statement of what it would propose.
 */
export function ProductForm({
  title,
  initial,
  children,
  lender,
  channels,
  coolingOffDays,
  onPropose,
}: ProductFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<TermsDraft>(initial);
  const [error, setError] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<ProductTermsProblem[]>([]);
  const [sending, setSending] = useState(false);
  // A field left empty is not marked before it is touched or the form is sent; a broken cap is, at once.
  const [touched, setTouched] = useState<ReadonlySet<keyof TermsDraft>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const guardRef = useRef<HTMLDivElement>(null);
  const { terms, problems } = useMemo(() => readDraft(draft), [draft]);
  const byInput = new Map<keyof TermsDraft, string[]>();
  for (const problem of problems) {
    if (!problem.field) continue;
    const input = DRAFT_FIELD[problem.field];
    if (!terms && !submitted && !touched.has(input)) continue;
    byInput.set(input, [...(byInput.get(input) ?? []), problem.message]);
  }
  const set = (field: keyof TermsDraft, value: string | boolean) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setTouched((previous) => new Set(previous).add(field));
    setError(null);
    setServerProblems([]);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    if (!terms || problems.length > 0) {
      // Nothing is sent: the server would refuse the same terms with the same reasons.
      setError('These terms break a rule or a cap (listed above): nothing was proposed.');
      guardRef.current?.focus();
      return;
    }
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    setSending(true);
    try {
      await onPropose(terms, reason);
      setError(null);
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure.message : 'The proposal could not be sent.');
      const data =
        failure instanceof OpsApiError ? (failure.data as { problems?: ProductTermsProblem[] }) : null;
      setServerProblems(data?.problems ?? []);
    } finally {
      setSending(false);
    }
  };

  const shown = problems.length > 0 ? problems : serverProblems;
  return (
    <form className="product-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <div className="terms-grid">
        {INPUTS.map(({ field, label, hint, mode }) => {
          const messages = byInput.get(field) ?? [];
          const described = [
            hint ? `${id}-${field}-hint` : '',
            messages.length > 0 ? `${id}-${field}-error` : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <div key={field} className={`field${field === 'name' ? ' wide' : ''}`}>
              <label htmlFor={`${id}-${field}`}>{label}</label>
              <input
                id={`${id}-${field}`}
                name={field}
                inputMode={mode}
                value={draft[field]}
                onChange={(event) => set(field, event.target.value)}
                aria-invalid={messages.length > 0 || undefined}
                aria-describedby={described || undefined}
              />
              {hint ? (
                <small id={`${id}-${field}-hint`} className="hint">
                  {hint}
                </small>
              ) : null}
              {messages.length > 0 ? (
                <small id={`${id}-${field}-error`} className="field-error">
                  {messages.join(' ')}
                </small>
              ) : null}
            </div>
          );
        })}
        <div className="field">
          <label htmlFor={`${id}-method`}>Interest method</label>
          <select
            id={`${id}-method`}
            value={draft.interestMethod}
            onChange={(event) => set('interestMethod', event.target.value)}
          >
            <option value="single">Single payment</option>
            <option value="instalments">Monthly instalments</option>
          </select>
        </div>
        <div className="field checkbox">
          <input
            id={`${id}-active`}
            type="checkbox"
            checked={draft.active}
            onChange={(event) => set('active', event.target.checked)}
          />
          <label htmlFor={`${id}-active`}>Offered to borrowers (active)</label>
        </div>
      </div>

      <div
        ref={guardRef}
        tabIndex={-1}
        className={
          shown.length === 0 ? 'cap-guard' : terms ? 'cap-guard refused-terms' : 'cap-guard incomplete'
        }
        aria-live="polite"
        data-testid="cap-guard"
      >
        {shown.length > 0 ? (
          <>
            <strong>{terms ? 'Not allowed:' : 'To complete:'}</strong>
            <ul>
              {shown.map((problem) => (
                <li key={problem.message}>{problem.message}</li>
              ))}
            </ul>
          </>
        ) : (
          <span>Within every pricing cap, for every amount and tenure.</span>
        )}
      </div>

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
      {/* Shown for terms past a cap too: the statement shows the admin what the borrower would be charged. */}
      {terms && terms.minAmount <= terms.maxAmount ? (
        <DisclosurePreview
          terms={terms}
          lender={lender}
          channels={channels}
          coolingOffDays={coolingOffDays}
        />
      ) : null}
    </form>
  );
}
