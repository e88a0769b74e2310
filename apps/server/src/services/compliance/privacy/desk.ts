import { createHash, randomUUID } from 'node:crypto';
import { BasicInfoFields } from '@hiram/contract/api/application';
import type { ProposalChange } from '@hiram/contract/ops/approvals';
import {
  CIC_REPORTED_FIELDS,
  CORRECTABLE_FIELD_LABELS,
  CORRECTABLE_FIELDS,
  type CorrectableField,
  type CorrectionFields,
  type PrivacyRegisterItem,
  type PrivacyRequestView,
} from '@hiram/contract/ops/privacy';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import type { Clock } from '../../../domain/clock.ts';
import { problemsFromIssues } from '../../../domain/field-problems.ts';
import { addDays, manilaDay } from '../../../domain/servicing-rules.ts';
import type { Jobs } from '../../../plugins/infra/jobs.ts';
import type { Approvals, Member, ProposalHandler } from '../../approvals/approvals.ts';
import { recordAudit } from '../../audit/audit.ts';
import {
  borrowerNameSql,
  maskAddress,
  maskBirthday,
  maskEmail,
  maskLastFour,
  maskMobile,
} from '../../borrowers/masking.ts';
import { noticeBorrower } from '../../inbox/borrower-notices.ts';
import type { Sessions } from '../../security/sessions.ts';
import type { Actor } from '../../staff/staff-records.ts';
import { applyErasurePlan, openLoanCount } from './erasure.ts';
import { answerPrivacyRequest } from './requests.ts';
import { retentionKeepDays } from './retention.ts';

/**
 * The privacy desk in the back office (issue 23; ADR 0088): the register with its filters and overdue marks,
 * one request's page, and the two changes a request can lead to under maker-checker: a correction of her
 * profile (`privacy.correction`) and the erasure of her account (`privacy.erasure`). Each approved change is
 * applied, audited, and answers the request in the approving transaction.
 */

interface RegisterRow {
  request_id: string;
  user_id: string;
  kind: PrivacyRegisterItem['kind'];
  channel: PrivacyRegisterItem['channel'];
  received_at: Date | string;
  due_on: Date | string;
  status: PrivacyRegisterItem['status'];
  answer: string | null;
  answered_at: Date | string | null;
  borrower_name: string | null;
  package_name: string;
}

const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value);
const day = (value: Date | string): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);

function itemOf(row: RegisterRow, today: string): PrivacyRegisterItem {
  const dueOn = day(row.due_on);
  return {
    requestId: row.request_id,
    userId: row.user_id,
    kind: row.kind,
    channel: row.channel,
    receivedAt: iso(row.received_at),
    dueOn,
    status: row.status,
    answer: row.answer,
    answeredAt: row.answered_at === null ? null : iso(row.answered_at),
    borrowerName: row.borrower_name,
    overdue: row.status === 'open' && dueOn < today,
  };
}

const REGISTER_SELECT = `select r.*, u.package_name, ${borrowerNameSql('p')} as borrower_name
  from privacy_requests r join users u on u.user_id = r.user_id left join profiles p on p.user_id = r.user_id`;

/**
 * The register: open requests first, soonest due first, then the answered and refused newest first. Without a
 * borrower or a status, the open ones only (the desk's day's work).
 */
export async function listRegister(
  db: Queryable,
  filter: {
    userId: string | null;
    status: 'open' | 'answered' | 'refused' | 'all' | null;
    kind: string | null;
    brandScope: string | null;
    now: Date;
  },
): Promise<{ items: PrivacyRegisterItem[]; today: string }> {
  const today = manilaDay(filter.now);
  const status = filter.status ?? (filter.userId ? 'all' : 'open');
  const rows = await db.query<RegisterRow>(
    `${REGISTER_SELECT}
     where ($1::uuid is null or r.user_id = $1::uuid) and ($2::text = 'all' or r.status = $2)
       and ($3::text is null or r.kind = $3) and ($4::text is null or u.package_name = $4)
     order by (r.status = 'open') desc, case when r.status = 'open' then r.due_on end,
       r.received_at desc, r.request_id
     limit 500`,
    [filter.userId, status, filter.kind, filter.brandScope],
  );
  return { items: rows.map((row) => itemOf(row, today)), today };
}

async function registerRow(db: Queryable, requestId: string, brandScope: string | null) {
  const [row] = await db.query<RegisterRow>(
    `${REGISTER_SELECT} where r.request_id = $1 and ($2::text is null or u.package_name = $2)`,
    [requestId, brandScope],
  );
  return row ?? null;
}

interface ProfileRow {
  mobile: string;
  basic_info: Record<string, unknown> | string | null;
  erased_at: Date | string | null;
  retain_until: Date | string | null;
}

function basicInfoOf(row: ProfileRow | undefined): Record<string, unknown> {
  const info = row?.basic_info;
  return (typeof info === 'string' ? JSON.parse(info) : info) ?? {};
}

async function profileOf(db: Queryable, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.query<ProfileRow>(
    `select u.mobile, p.basic_info, u.erased_at, u.retain_until
     from users u left join profiles p on p.user_id = u.user_id where u.user_id = $1`,
    [userId],
  );
  return row;
}

function textOf(value: unknown): string | null {
  return value === undefined || value === null || value === '' ? null : String(value);
}

/** A field as staff see it until revealed (ADR 0027): names in clear, the rest masked. */
function masked(field: CorrectableField, value: string | null): string | null {
  switch (field) {
    case 'email':
      return maskEmail(value);
    case 'inputBirthday':
      return maskBirthday(value);
    case 'address':
      return maskAddress(value);
    case 'nationalId':
      return maskLastFour(value);
    default:
      return value;
  }
}

/** One request's page: the request, her masked identity, her open loans, and the corrections proposed. */
export async function requestView(
  db: Queryable,
  requestId: string,
  brandScope: string | null,
  now: Date,
): Promise<PrivacyRequestView | null> {
  const row = await registerRow(db, requestId, brandScope);
  if (!row) return null;
  const profile = await profileOf(db, row.user_id);
  const info = basicInfoOf(profile);
  const [cic] = await db.query('select 1 from cic_subjects where user_id = $1', [row.user_id]);
  const corrections = await db.query<{
    correction_id: string;
    fields: Record<string, string> | string;
    proposal_id: string | null;
    status: string | null;
    proposed_at: Date | string;
    applied_at: Date | string | null;
  }>(
    `select c.*, p.status from privacy_corrections c left join proposals p on p.proposal_id = c.proposal_id
     where c.request_id = $1 order by c.proposed_at desc`,
    [requestId],
  );
  const [pending] = await db.query(
    `select 1 from proposals where kind in ('privacy.correction', 'privacy.erasure') and status = 'pending'
       and target_type = 'borrower' and target_id = $1 and payload->>'requestId' = $2`,
    [row.user_id, requestId],
  );
  return {
    pendingProposal: pending !== undefined,
    request: itemOf(row, manilaDay(now)),
    borrower: {
      userId: row.user_id,
      packageName: row.package_name,
      name: row.borrower_name,
      mobile: profile ? maskMobile(profile.mobile) : '',
      erasedAt: profile?.erased_at ? iso(profile.erased_at) : null,
      retainUntil: profile?.retain_until ? day(profile.retain_until) : null,
    },
    current: Object.fromEntries(
      CORRECTABLE_FIELDS.map((field) => [field, masked(field, textOf(info[field]))]),
    ),
    openLoans: await openLoanCount(db, row.user_id),
    cicReported: cic !== undefined,
    corrections: corrections.map((c) => ({
      correctionId: c.correction_id,
      fields: typeof c.fields === 'string' ? JSON.parse(c.fields) : c.fields,
      proposalId: c.proposal_id,
      status: c.status ?? 'pending',
      proposedAt: iso(c.proposed_at),
      appliedAt: c.applied_at === null ? null : iso(c.applied_at),
    })),
  };
}

/** The request a change is for: in the member's brand, of the kind, still open. */
async function openRequestOf(
  db: Queryable,
  requestId: string,
  kind: 'correction' | 'erasure',
  brandScope: string | null,
): Promise<RegisterRow> {
  const row = await registerRow(db, requestId, brandScope);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.kind !== kind) throw new AppError('PRIVACY_WRONG_REQUEST_KIND');
  if (row.status !== 'open') throw new AppError('PRIVACY_REQUEST_ANSWERED');
  return row;
}

/** The fields that differ from what is on file, trimmed; an empty middle name clears it. */
function changedFields(
  fields: CorrectionFields,
  info: Record<string, unknown>,
): [CorrectableField, string][] {
  return CORRECTABLE_FIELDS.flatMap((field): [CorrectableField, string][] => {
    const value = fields[field];
    if (value === undefined) return [];
    const next = value.trim();
    return next === (textOf(info[field]) ?? '') ? [] : [[field, next]];
  });
}

/** Her profile's rules (SPEC section 3) on each corrected value; an empty middle name clears it. */
const CHECKED_FIELDS = BasicInfoFields.pick({
  firstName: true,
  middleName: true,
  lastName: true,
  inputBirthday: true,
  email: true,
  address: true,
  nationalId: true,
}).partial();

function checkAsTheAppDoes(fields: CorrectionFields): void {
  const checked = CHECKED_FIELDS.safeParse(fields);
  if (!checked.success) {
    throw new AppError('VALIDATION_FAILED', {
      fields: problemsFromIssues(checked.error.issues, '').map((problem) => ({
        ...problem,
        field: `fields.${problem.field}`,
      })),
    });
  }
}

/**
 * Proposes a correction: its new values are kept in privacy_corrections (the desk's eyes only), the proposal
 * names them. Refused before anything is kept when nothing would change.
 */
export async function proposeCorrection(
  db: Database,
  approvals: Approvals,
  input: { requestId: string; fields: CorrectionFields; reason: string; member: Member; now: Date },
): Promise<{ proposalId: string; summary: string }> {
  const request = await openRequestOf(db, input.requestId, 'correction', input.member.brandScope);
  checkAsTheAppDoes(input.fields);
  const changed = changedFields(input.fields, basicInfoOf(await profileOf(db, request.user_id)));
  if (changed.length === 0) throw new AppError('PRIVACY_CORRECTION_NOTHING_CHANGED');
  const correctionId = randomUUID();
  await db.query(
    `insert into privacy_corrections (correction_id, request_id, user_id, fields, proposed_by, proposed_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      correctionId,
      input.requestId,
      request.user_id,
      JSON.stringify(Object.fromEntries(changed)),
      input.member.staffId,
      input.now.toISOString(),
    ],
  );
  try {
    const proposal = await approvals.propose(
      'privacy.correction',
      { requestId: input.requestId, correctionId },
      input.reason,
      input.member,
    );
    await db.query('update privacy_corrections set proposal_id = $2 where correction_id = $1', [
      correctionId,
      proposal.proposalId,
    ]);
    return { proposalId: proposal.proposalId, summary: proposal.summary };
  } catch (error) {
    // Refused (one already waiting): nothing of it is kept.
    await db.query('delete from privacy_corrections where correction_id = $1', [correctionId]);
    throw error;
  }
}

export interface PrivacyDeskDeps {
  clock: Clock;
  jobs: Jobs;
  sessions: Sessions;
}

function checkerActor(context: { checker: Member }): Actor {
  return context.checker;
}

function fingerprintOf(values: unknown): string {
  return createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 32);
}

export function correctionHandler(deps: PrivacyDeskDeps): ProposalHandler<'privacy.correction'> {
  async function read(db: Queryable, requestId: string, correctionId: string, brandScope: string | null) {
    const request = await openRequestOf(db, requestId, 'correction', brandScope);
    const [correction] = await db.query<{ fields: Record<string, string> | string; applied_at: unknown }>(
      'select fields, applied_at from privacy_corrections where correction_id = $1 and request_id = $2',
      [correctionId, requestId],
    );
    if (!correction) throw new AppError('NOT_FOUND');
    const fields = (
      typeof correction.fields === 'string' ? JSON.parse(correction.fields) : correction.fields
    ) as CorrectionFields;
    const info = basicInfoOf(await profileOf(db, request.user_id));
    return { request, fields, info, changed: changedFields(fields, info) };
  }

  return {
    kind: 'privacy.correction',
    async inspect(db, { requestId, correctionId }, brandScope) {
      const { request, info, changed } = await read(db, requestId, correctionId, brandScope);
      if (changed.length === 0) throw new AppError('PRIVACY_CORRECTION_NOTHING_CHANGED');
      const labels = changed.map(([field]) => CORRECTABLE_FIELD_LABELS[field].replace(/ \(.*\)$/, ''));
      return {
        targetType: 'borrower',
        targetId: request.user_id,
        brand: request.package_name,
        summary: `Correct ${labels.join(', ')} at her request (due ${day(request.due_on)})`,
        // Masked as the borrower view masks them: the new values are read on the privacy desk.
        changes: changed.map(
          ([field, next]): ProposalChange => ({
            field: `profile.${field}`,
            label: CORRECTABLE_FIELD_LABELS[field],
            kind: 'text',
            before: masked(field, textOf(info[field])),
            after: masked(field, next === '' ? null : next),
          }),
        ),
        dedupeKey: requestId,
        // Her profile as the maker saw it: she changed it meanwhile, the proposal is stale.
        fingerprint: fingerprintOf(changed.map(([field]) => [field, info[field] ?? null])),
      };
    },
    async apply(tx, { requestId, correctionId }, context) {
      const { request, changed } = await read(tx, requestId, correctionId, null);
      const patch = Object.fromEntries(changed);
      await tx.query(
        `insert into profiles (user_id, basic_info) values ($1, $2::jsonb)
         on conflict (user_id) do update set basic_info = coalesce(profiles.basic_info, '{}'::jsonb) || $2::jsonb`,
        [request.user_id, JSON.stringify(patch)],
      );
      await tx.query('update privacy_corrections set applied_at = $2 where correction_id = $1', [
        correctionId,
        context.at.toISOString(),
      ]);
      const fields = changed.map(([field]) => field);
      const audit = {
        at: context.at,
        actorId: context.checker.staffId,
        actorEmail: context.checker.email,
        target: `borrower:${request.user_id}`,
        brandScope: request.package_name,
        clientAddress: context.checker.clientAddress ?? null,
        userAgent: context.checker.userAgent ?? null,
      };
      // Field names only: the audit log is append-only and must not keep her old values for ever.
      await recordAudit(tx, {
        ...audit,
        action: 'privacy.correction.apply',
        after: {
          requestId,
          correctionId,
          fields,
          proposalId: context.proposalId,
          proposedBy: context.maker.email,
        },
      });
      const reported = fields.filter((field) => CIC_REPORTED_FIELDS.includes(field));
      const [subject] = await tx.query('select 1 from cic_subjects where user_id = $1', [request.user_id]);
      let cicFlagged = false;
      if (subject && reported.length > 0) {
        await tx.query(
          `insert into cic_correction_flags (flag_id, user_id, request_id, fields, flagged_at)
           values ($1, $2, $3, $4, $5)`,
          [randomUUID(), request.user_id, requestId, JSON.stringify(reported), context.at.toISOString()],
        );
        await recordAudit(tx, {
          ...audit,
          action: 'cic.correction.flag',
          after: { requestId, fields: reported },
        });
        cicFlagged = true;
      }
      const labels = fields.map((field) =>
        CORRECTABLE_FIELD_LABELS[field].replace(/ \(.*\)$/, '').toLowerCase(),
      );
      const answered = await answerPrivacyRequest(tx, {
        requestId,
        status: 'answered',
        answer: `We corrected your ${labels.join(', ')} as you asked.${
          cicFlagged ? ' The correction will also be sent to the Credit Information Corporation.' : ''
        }`,
        actor: checkerActor(context),
        now: context.at,
      });
      if (!answered.ok) throw new AppError('PRIVACY_REQUEST_ANSWERED');
      await noticeBorrower(tx, deps, { userId: request.user_id, kind: 'personalDataCorrected' });
      return { requestId, fields, cicFlagged };
    },
  };
}

/** The day what the law keeps of an account erased `now` goes: the schedule's period after the Manila day. */
export function retainUntilOf(now: Date): string {
  return addDays(manilaDay(now), retentionKeepDays('erasedAccounts'));
}

export function erasureHandler(deps: PrivacyDeskDeps): ProposalHandler<'privacy.erasure'> {
  async function read(db: Queryable, requestId: string, brandScope: string | null) {
    const request = await openRequestOf(db, requestId, 'erasure', brandScope);
    const profile = await profileOf(db, request.user_id);
    if (profile?.erased_at) throw new AppError('PRIVACY_REQUEST_ANSWERED');
    const open = await openLoanCount(db, request.user_id);
    // Refused with its reason: what she owes, and the loan file, are not hers to erase while it runs.
    if (open > 0) throw new AppError('PRIVACY_ERASURE_LOAN_OPEN');
    const [loans] = await db.query<{ n: number | string }>(
      'select count(*) as n from loan_orders where user_id = $1',
      [request.user_id],
    );
    return { request, loans: Number(loans?.n ?? 0) };
  }

  return {
    kind: 'privacy.erasure',
    async inspect(db, { requestId }, brandScope) {
      const { request, loans } = await read(db, requestId, brandScope);
      return {
        targetType: 'borrower',
        targetId: request.user_id,
        brand: request.package_name,
        summary: `Erase her data at her request (due ${day(request.due_on)}): her profile beyond her identification, contacts, photos of her face, sessions and codes go; her identification, ${
          loans === 1 ? 'her loan' : `her ${loans} loans`
        }, payments, the ledger and AML records are kept until ${retainUntilOf(deps.clock.now())}`,
        dedupeKey: requestId,
        fingerprint: `${request.status}:${loans}`,
      };
    },
    async apply(tx, { requestId }, context) {
      const { request } = await read(tx, requestId, null);
      const userId = request.user_id;
      // Ended first, through the sessions service, so no server process keeps trusting one it remembers.
      await deps.sessions.endAll(tx, userId, 'staff');
      const counts = await applyErasurePlan(tx, userId, 'atErasure');
      const retainUntil = retainUntilOf(context.at);
      await tx.query('update users set erased_at = $2, retain_until = $3 where user_id = $1', [
        userId,
        context.at.toISOString(),
        retainUntil,
      ]);
      await recordAudit(tx, {
        at: context.at,
        actorId: context.checker.staffId,
        actorEmail: context.checker.email,
        action: 'privacy.erasure',
        target: `borrower:${userId}`,
        brandScope: request.package_name,
        after: {
          requestId,
          counts,
          retainUntil,
          proposalId: context.proposalId,
          proposedBy: context.maker.email,
        },
        clientAddress: context.checker.clientAddress ?? null,
        userAgent: context.checker.userAgent ?? null,
      });
      const answered = await answerPrivacyRequest(tx, {
        requestId,
        status: 'answered',
        answer:
          'We erased your account and the personal data we no longer need: your contact details beyond your ' +
          'number, your emergency contacts, your face photo, your answers, your receiving account, your sessions ' +
          `and codes. The law makes us keep, until ${retainUntil}, your identification (name, birth date, address, ` +
          'the ID you showed), your loans, payments and our books, and anti-money-laundering records ' +
          '(RA 9160 sec. 9); they are then removed. You can no longer sign in with this account.',
        actor: checkerActor(context),
        now: context.at,
      });
      if (!answered.ok) throw new AppError('PRIVACY_REQUEST_ANSWERED');
      return { requestId, retainUntil, counts };
    },
  };
}
