import { randomUUID } from 'node:crypto';
import type { CaseBucket } from '@hiram/contract/collection-cases';
import type { AssignmentRule, SaveAssignmentRule } from '@hiram/contract/ops/collection-cases';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Member } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import { addCaseEvent } from './case-log.ts';

/**
 * Who works a case (docs/decisions/0074-collection-cases.md): the assignment rules, kept as data by brand and
 * bucket, give a case to an agent when it opens or changes bucket, in turn (round-robin) or to the agent with
 * the fewest open cases (by capacity), never beyond a rule's most open cases per agent. The supervisor edits
 * the rules (audited; they move no money, so no maker-checker) and reassigns cases, each a case event.
 */

interface RuleRow {
  rule_id: string;
  package_name: string | null;
  bucket: CaseBucket | null;
  method: 'roundRobin' | 'capacity';
  agent_ids: string[];
  max_open: number | null;
  last_agent_id: string | null;
  updated_at: Date | string;
}

function ruleOf(row: RuleRow): AssignmentRule {
  return {
    ruleId: row.rule_id,
    packageName: row.package_name,
    bucket: row.bucket,
    method: row.method,
    agentIds: row.agent_ids,
    maxOpen: row.max_open === null ? null : Number(row.max_open),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Active collections agents among `ids` (a disabled or re-roled member takes no new cases). */
const ACTIVE_AGENT = `s.role = 'collections' and not s.disabled`;

/**
 * The agent the rules give a case of this brand and bucket, or null (no rule, or every agent full). The rule
 * row is locked: two cases opening at once take turns, not the same agent.
 */
export async function agentByRules(
  tx: Queryable,
  packageName: string,
  bucket: CaseBucket,
): Promise<string | null> {
  const [rule] = await tx.query<RuleRow>(
    `select * from collection_assignment_rules
     where (package_name is null or package_name = $1) and (bucket is null or bucket = $2)
     order by package_name is null, bucket is null limit 1 for update`,
    [packageName, bucket],
  );
  if (!rule) return null;
  // Each agent of the rule still active and allowed the brand, in the rule's order, with her open cases.
  const agents = await tx.query<{ staff_id: string; open: number | string; position: number | string }>(
    `select s.staff_id, a.position,
       (select count(*) from collection_cases c where c.assigned_to = s.staff_id and c.status <> 'closed') as open
     from unnest($1::uuid[]) with ordinality as a (staff_id, position)
     join staff s on s.staff_id = a.staff_id
     where ${ACTIVE_AGENT} and (s.brand_scope is null or s.brand_scope = $2)
     order by a.position`,
    [rule.agent_ids, packageName],
  );
  const free = agents.filter((a) => rule.max_open === null || Number(a.open) < Number(rule.max_open));
  if (free.length === 0) return null;
  let chosen: string;
  if (rule.method === 'capacity') {
    chosen = free.reduce((best, a) => (Number(a.open) < Number(best.open) ? a : best)).staff_id;
  } else {
    // The first free agent after the last one served, in the rule's order, wrapping round.
    const last = rule.agent_ids.indexOf(rule.last_agent_id ?? '');
    const after = free.find((a) => Number(a.position) - 1 > last) ?? free[0];
    chosen = (after ?? free[0])?.staff_id as string;
  }
  await tx.query('update collection_assignment_rules set last_agent_id = $2 where rule_id = $1', [
    rule.rule_id,
    chosen,
  ]);
  return chosen;
}

/** Gives a case to `staffId` (or nobody) with an `assigned` event; nothing when she already has it. */
export async function assignCase(
  tx: Queryable,
  caseId: string,
  staffId: string | null,
  by: { staffId: string | null; note?: string | null; at: Date },
): Promise<boolean> {
  const [row] = await tx.query<{ assigned_to: string | null }>(
    'select assigned_to from collection_cases where case_id = $1 for update',
    [caseId],
  );
  if (!row || row.assigned_to === staffId) return false;
  await tx.query('update collection_cases set assigned_to = $2, updated_at = $3 where case_id = $1', [
    caseId,
    staffId,
    by.at.toISOString(),
  ]);
  await addCaseEvent(tx, caseId, {
    kind: 'assigned',
    from: row.assigned_to,
    to: staffId,
    staffId: by.staffId,
    note: by.note ?? null,
    at: by.at,
  });
  return true;
}

/**
 * A case opened, reopened or moved bucket: the rules pick its agent. An agent who already holds it keeps it
 * when the new bucket's rule names her (her borrower is not handed over for a day's move); with no rule, or
 * nobody free, it stays as it is.
 */
export async function assignByRules(
  tx: Queryable,
  kase: { caseId: string; packageName: string; bucket: CaseBucket; assignedTo: string | null },
  at: Date,
): Promise<void> {
  if (kase.assignedTo) {
    const [keeps] = await tx.query(
      `select 1 from collection_assignment_rules r join staff s on s.staff_id = $3
       where (r.package_name is null or r.package_name = $1) and (r.bucket is null or r.bucket = $2)
         and $3 = any(r.agent_ids) and ${ACTIVE_AGENT}
       order by r.package_name is null, r.bucket is null limit 1`,
      [kase.packageName, kase.bucket, kase.assignedTo],
    );
    if (keeps) return;
  }
  const agent = await agentByRules(tx, kase.packageName, kase.bucket);
  if (agent) await assignCase(tx, kase.caseId, agent, { staffId: null, note: 'assignment rule', at });
}

/** The rules, most specific first. */
export async function listRules(db: Queryable, brandScope: string | null): Promise<AssignmentRule[]> {
  const rows = await db.query<RuleRow>(
    `select * from collection_assignment_rules where $1::text is null or package_name = $1 or package_name is null
     order by package_name nulls last, bucket nulls last`,
    [brandScope],
  );
  return rows.map(ruleOf);
}

/** Adds or changes a rule, audited with before and after; its agents must be active collections agents. */
export async function saveRule(
  tx: Queryable,
  input: SaveAssignmentRule,
  member: Member,
  at: Date,
): Promise<AssignmentRule> {
  if (member.brandScope && input.packageName !== member.brandScope) throw new AppError('BRAND_OUT_OF_SCOPE');
  const agentIds = [...new Set(input.agentIds)];
  const [agents] = await tx.query<{ n: number | string }>(
    `select count(*) as n from staff s where s.staff_id = any($1::uuid[]) and ${ACTIVE_AGENT}`,
    [agentIds],
  );
  if (Number(agents?.n ?? 0) !== agentIds.length) throw new AppError('CASE_ASSIGNEE_NOT_AGENT');
  const [before] = input.ruleId
    ? await tx.query<RuleRow>('select * from collection_assignment_rules where rule_id = $1 for update', [
        input.ruleId,
      ])
    : [];
  if (input.ruleId && !before) throw new AppError('NOT_FOUND');
  if (before && member.brandScope && before.package_name !== member.brandScope)
    throw new AppError('BRAND_OUT_OF_SCOPE');
  const [clash] = await tx.query(
    `select 1 from collection_assignment_rules where coalesce(package_name, '') = coalesce($1, '')
       and coalesce(bucket, '') = coalesce($2, '') and rule_id <> coalesce($3::uuid, '00000000-0000-0000-0000-000000000000')`,
    [input.packageName, input.bucket, input.ruleId ?? null],
  );
  if (clash) throw new AppError('ASSIGNMENT_RULE_EXISTS');
  const ruleId = input.ruleId ?? randomUUID();
  const [row] = await tx.query<RuleRow>(
    `insert into collection_assignment_rules
       (rule_id, package_name, bucket, method, agent_ids, max_open, updated_by, updated_at)
     values ($1, $2, $3, $4, $5::uuid[], $6, $7, $8)
     on conflict (rule_id) do update set package_name = excluded.package_name, bucket = excluded.bucket,
       method = excluded.method, agent_ids = excluded.agent_ids, max_open = excluded.max_open,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at
     returning *`,
    [
      ruleId,
      input.packageName,
      input.bucket,
      input.method,
      agentIds,
      input.maxOpen,
      member.staffId,
      at.toISOString(),
    ],
  );
  const rule = ruleOf(row as RuleRow);
  await recordAudit(tx, {
    at,
    actorId: member.staffId,
    actorEmail: member.email,
    action: 'collections.assignment-rule.save',
    target: `assignment-rule:${ruleId}`,
    brandScope: member.brandScope,
    before: before ? ruleOf(before) : null,
    after: rule,
    clientAddress: member.clientAddress ?? null,
    userAgent: member.userAgent ?? null,
  });
  return rule;
}

export async function deleteRule(tx: Queryable, ruleId: string, member: Member, at: Date): Promise<void> {
  const [before] = await tx.query<RuleRow>(
    'select * from collection_assignment_rules where rule_id = $1 for update',
    [ruleId],
  );
  if (!before) throw new AppError('NOT_FOUND');
  if (member.brandScope && before.package_name !== member.brandScope)
    throw new AppError('BRAND_OUT_OF_SCOPE');
  await tx.query('delete from collection_assignment_rules where rule_id = $1', [ruleId]);
  await recordAudit(tx, {
    at,
    actorId: member.staffId,
    actorEmail: member.email,
    action: 'collections.assignment-rule.delete',
    target: `assignment-rule:${ruleId}`,
    brandScope: member.brandScope,
    before: ruleOf(before),
    after: null,
    clientAddress: member.clientAddress ?? null,
    userAgent: member.userAgent ?? null,
  });
}
