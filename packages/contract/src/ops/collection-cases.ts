import { z } from 'zod';
import {
  CASE_BUCKETS,
  CASE_CLOSE_REASONS,
  CASE_EVENT_KINDS,
  CASE_STATUSES,
  CONTACT_CHANNELS,
  CONTACT_DIRECTIONS,
  CONTACT_OUTCOMES,
  PROMISE_SOURCES,
  PROMISE_STATUSES,
} from '../collection-cases.ts';
import { opsEndpoint, PAGE_QUERY, pageOf, type StaffRole } from './endpoint.ts';

/**
 * The collection cases' back-office endpoints (issue 22, docs/decisions/0074-collection-cases.md). An agent
 * (`collections`) works her own cases: her day's list, a case's page, a contact logged, her next action set.
 * The supervisor and admin see every case, assign and reassign, and edit the assignment rules; a viewer reads.
 */
export const CASE_WORKERS: readonly StaffRole[] = ['collections', 'collectionsSupervisor', 'admin'];
export const CASE_SUPERVISORS: readonly StaffRole[] = ['collectionsSupervisor', 'admin'];
/** Who reads every case (the board, any case's page, the rules): the supervisors and the read-only viewer. */
export const CASE_READERS: readonly StaffRole[] = ['viewer', 'collectionsSupervisor', 'admin'];
/** A case's page: its agent, or any case for a reader. */
export const CASE_VIEWERS: readonly StaffRole[] = ['viewer', 'collections', 'collectionsSupervisor', 'admin'];

/** How a rule picks an agent: in turn, or the one with the fewest open cases. */
export const ASSIGNMENT_METHODS = ['roundRobin', 'capacity'] as const;
export type AssignmentMethod = (typeof ASSIGNMENT_METHODS)[number];
export const ASSIGNMENT_METHOD_LABELS: Record<AssignmentMethod, string> = {
  roundRobin: 'Round-robin',
  capacity: 'By capacity (fewest open cases)',
};

/** A case's close reasons as the console shows them; `cured`: the loan became current (a paid extension). */
export const CASE_CLOSE_REASON_LABELS: Record<(typeof CASE_CLOSE_REASONS)[number], string> = {
  paid: 'Paid',
  restructured: 'Restructured',
  cancelled: 'Cancelled',
  writtenOff: 'Written off',
  cured: 'Current again',
};

export const CASE_NOTE_MAX = 2000;

const id = z.uuid('invalid');
const manilaDate = z.iso.date('invalid').describe('YYYY-MM-DD, a Manila day');
const centavos = z.number().int();

export const CaseContact = z.object({
  contactId: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  direction: z.enum(CONTACT_DIRECTIONS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string().nullable(),
  at: z.string(),
  /** Who: an agent's name, or null for a dunning rule (ruleId) or the borrower herself. */
  staffName: z.string().nullable(),
  ruleId: z.string().nullable(),
});
export type CaseContact = z.infer<typeof CaseContact>;

export const CasePromise = z.object({
  promiseId: z.string(),
  amount: centavos,
  promisedFor: z.string(),
  source: z.enum(PROMISE_SOURCES),
  status: z.enum(PROMISE_STATUSES),
  madeAt: z.string(),
});
export type CasePromise = z.infer<typeof CasePromise>;

/** One case in a list: the agent's day or the supervisor's. */
export const CaseRow = z.object({
  caseId: z.string(),
  orderId: z.string(),
  userId: z.string(),
  packageName: z.string(),
  name: z.string().nullable(),
  mobile: z.string().describe('masked: 0917 *** 4567'),
  status: z.enum(CASE_STATUSES),
  bucket: z.enum(CASE_BUCKETS),
  daysPastDue: z.number().int(),
  totalDue: centavos.describe('what the loan owes now, from the ledger'),
  assignedTo: z.string().nullable(),
  assignedName: z.string().nullable(),
  agencyId: z.string().nullable(),
  nextActionOn: z.string().nullable(),
  openedAt: z.string(),
  lastContact: CaseContact.nullable(),
  promise: CasePromise.nullable().describe('the running promise, else the latest'),
});
export type CaseRow = z.infer<typeof CaseRow>;

export const CasePage = pageOf(CaseRow).extend({ asOf: z.string() });
export type CasePage = z.infer<typeof CasePage>;

export const CaseEvent = z.object({
  eventId: z.number().int(),
  kind: z.enum(CASE_EVENT_KINDS),
  fromValue: z.string().nullable(),
  toValue: z.string().nullable(),
  /** For an `assigned` event: the names of the staff members its values are the ids of. */
  fromName: z.string().nullable(),
  toName: z.string().nullable(),
  staffName: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type CaseEvent = z.infer<typeof CaseEvent>;

export const CaseView = CaseRow.extend({
  loanStatus: z.number().int(),
  principal: centavos,
  dueDate: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.enum(CASE_CLOSE_REASONS).nullable(),
  events: z.array(CaseEvent),
  contacts: z.array(CaseContact),
  promises: z.array(CasePromise),
  asOf: z.string(),
});
export type CaseView = z.infer<typeof CaseView>;

export const CaseSearch = z.object({
  bucket: z.enum(CASE_BUCKETS).optional(),
  status: z.enum(CASE_STATUSES).optional(),
  /** An agent's staff id, or 'unassigned'. */
  assignedTo: z.union([id, z.literal('unassigned')]).optional(),
  brand: z.string().trim().min(1).max(128).optional(),
  ...PAGE_QUERY,
});
export type CaseSearch = z.infer<typeof CaseSearch>;

export const MyCasesQuery = z.object({ ...PAGE_QUERY });

export const CaseBoard = z.object({
  /** Open cases (not closed) counted by bucket and status. */
  cells: z.array(
    z.object({ bucket: z.enum(CASE_BUCKETS), status: z.enum(CASE_STATUSES), count: z.number().int() }),
  ),
  unassigned: z.number().int(),
  agents: z.array(
    z.object({
      staffId: z.string(),
      name: z.string(),
      openCases: z.number().int(),
      dueToday: z.number().int().describe('open cases whose next action is today or earlier'),
      totalDue: centavos.describe('what her open cases owe, from the ledger'),
    }),
  ),
  asOf: z.string(),
});
export type CaseBoard = z.infer<typeof CaseBoard>;

export const LogContact = z.object({
  caseId: id,
  channel: z.enum(CONTACT_CHANNELS),
  direction: z.enum(CONTACT_DIRECTIONS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string().trim().max(CASE_NOTE_MAX).optional(),
  /** When the contact happened; now when left out; never in the future. */
  at: z.iso.datetime({ offset: true }).optional(),
  /** The next action date to set with it. */
  nextActionOn: manilaDate.optional(),
});
export type LogContact = z.infer<typeof LogContact>;

export const SetNextAction = z.object({
  caseId: id,
  nextActionOn: manilaDate,
  note: z.string().trim().max(CASE_NOTE_MAX).optional(),
});

export const AssignCases = z.object({
  caseIds: z.array(id).min(1).max(500),
  /** The agent; null takes the cases back to nobody. */
  staffId: id.nullable(),
  note: z.string().trim().max(CASE_NOTE_MAX).optional(),
});
export type AssignCases = z.infer<typeof AssignCases>;

export const AssignmentRule = z.object({
  ruleId: z.string(),
  packageName: z.string().nullable().describe('null: every brand'),
  bucket: z.enum(CASE_BUCKETS).nullable().describe('null: every bucket'),
  method: z.enum(ASSIGNMENT_METHODS),
  agentIds: z.array(z.string()),
  maxOpen: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type AssignmentRule = z.infer<typeof AssignmentRule>;

export const SaveAssignmentRule = z.object({
  /** Left out: a new rule. */
  ruleId: id.optional(),
  packageName: z.string().trim().min(1).max(128).nullable(),
  bucket: z.enum(CASE_BUCKETS).nullable(),
  method: z.enum(ASSIGNMENT_METHODS),
  agentIds: z.array(id).min(1).max(200),
  maxOpen: z.number().int().min(1).max(100_000).nullable(),
});
export type SaveAssignmentRule = z.infer<typeof SaveAssignmentRule>;

export const CaseAgent = z.object({
  staffId: z.string(),
  name: z.string(),
  email: z.string(),
  brandScope: z.string().nullable(),
  openCases: z.number().int(),
});
export type CaseAgent = z.infer<typeof CaseAgent>;

const ok = z.object({ ok: z.literal(true) });

export const COLLECTION_CASE_ENDPOINTS = {
  opsMyCases: opsEndpoint(
    'GET',
    '/collection-cases/mine',
    CASE_WORKERS,
    "The signed-in agent's open cases, by next action date (none last) then by what is owed (most first); masked contact, owed now from the ledger, last contact and promise.",
    MyCasesQuery,
    CasePage,
  ),
  opsCaseList: opsEndpoint(
    'GET',
    '/collection-cases',
    CASE_READERS,
    'Cases filtered by bucket, status, agent (or unassigned) and brand, open ones by next action, paged; a brand-scoped member sees their brand only.',
    CaseSearch,
    CasePage,
  ),
  opsCaseBoard: opsEndpoint(
    'GET',
    '/collection-cases/board',
    CASE_READERS,
    "The supervisor's board: open cases by bucket and status, unassigned, and per agent.",
    z.object({ brand: z.string().trim().min(1).max(128).optional() }),
    CaseBoard,
  ),
  opsCaseView: opsEndpoint(
    'GET',
    '/collection-cases/view',
    CASE_VIEWERS,
    'One case: header, what is owed now, its history, contacts and promises. An agent reads only her own cases.',
    z.object({ caseId: id }),
    CaseView,
  ),
  opsCaseLogContact: opsEndpoint(
    'POST',
    '/collection-cases/contact',
    CASE_WORKERS,
    'Logs a contact with the borrower on a case (append-only, audited); its outcome moves the case status (contacted, dispute, hardship). An agent logs on her own cases only.',
    LogContact,
    CaseContact,
  ),
  opsCaseSetNextAction: opsEndpoint(
    'POST',
    '/collection-cases/next-action',
    CASE_WORKERS,
    "Sets a case's next action date (a case event, audited). An agent sets it on her own cases only.",
    SetNextAction,
    ok,
  ),
  opsCaseAssign: opsEndpoint(
    'POST',
    '/collection-cases/assign',
    CASE_SUPERVISORS,
    'Assigns one case or many to an agent (or to nobody): one case event each, audited.',
    AssignCases,
    z.object({ assigned: z.number().int() }),
  ),
  opsCaseAgents: opsEndpoint(
    'GET',
    '/collection-cases/agents',
    CASE_READERS,
    'The active collections agents with their open cases (for assignment).',
    z.object({}),
    z.object({ items: z.array(CaseAgent) }),
  ),
  opsAssignmentRules: opsEndpoint(
    'GET',
    '/collection-cases/rules',
    CASE_READERS,
    'The assignment rules: by brand and bucket, round-robin or by capacity.',
    z.object({}),
    z.object({ items: z.array(AssignmentRule) }),
  ),
  opsAssignmentRuleSave: opsEndpoint(
    'POST',
    '/collection-cases/rules/save',
    CASE_SUPERVISORS,
    'Adds or changes an assignment rule (one per brand and bucket); audited with before and after.',
    SaveAssignmentRule,
    AssignmentRule,
  ),
  opsAssignmentRuleDelete: opsEndpoint(
    'POST',
    '/collection-cases/rules/delete',
    CASE_SUPERVISORS,
    'Removes an assignment rule; audited.',
    z.object({ ruleId: id }),
    ok,
  ),
} as const;
