import {
  CASE_STATUS_LABELS,
  CONTACT_CHANNEL_LABELS,
  CONTACT_OUTCOME_LABELS,
  PROMISE_STATUS_LABELS,
} from '@hiram/contract/collection-cases';
import { formatPeso } from '@hiram/contract/money';
import type { CaseContact, CasePromise } from '@hiram/contract/ops/collection-cases';
import { dateTime, day } from '../../lib/format.ts';

/** Small pieces the collections screens share: a case's status, its last contact, its promise. */

export function CaseStatus({ status }: { status: keyof typeof CASE_STATUS_LABELS }) {
  return <span className={`badge case-${status}`}>{CASE_STATUS_LABELS[status]}</span>;
}

export function ContactLine({ contact }: { contact: CaseContact | null }) {
  if (!contact) return <>No contact yet</>;
  return (
    <>
      {CONTACT_CHANNEL_LABELS[contact.channel]}: {CONTACT_OUTCOME_LABELS[contact.outcome]}
      <br />
      <small>
        {dateTime(contact.at)}
        {contact.staffName ? `, ${contact.staffName}` : contact.ruleId ? ', dunning rule' : ', the borrower'}
      </small>
    </>
  );
}

export function PromiseLine({ promise }: { promise: CasePromise | null }) {
  if (!promise) return <>—</>;
  return (
    <>
      {formatPeso(promise.amount)} by {day(promise.promisedFor)}
      <br />
      <small>{PROMISE_STATUS_LABELS[promise.status]}</small>
    </>
  );
}
