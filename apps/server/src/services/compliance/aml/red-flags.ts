import {
  AMOUNT_THRESHOLDS,
  RED_FLAG_LABELS,
  RED_FLAG_RULES,
  RED_FLAG_THRESHOLDS,
  type RedFlagRule,
  THRESHOLD_LABELS,
} from '@hiram/contract/ops/aml';
import type { ProposalChange } from '@hiram/contract/ops/approvals';
import type { Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import { manilaDay } from '../../../domain/servicing-rules.ts';
import type { ProposalHandler } from '../../approvals/approvals.ts';
import { recordAudit } from '../../audit/audit.ts';

/**
 * Red-flag rules as dated, versioned data (issue 23, ADR 0085): each rule's thresholds are a row, in force from
 * a day; a change is a new version a compliance officer proposes and another or an admin approves
 * (`aml.red-flag-rule`), like the credit policy and the dunning rules. A version cannot start in the past: a
 * case says which version opened it, and that must stay true.
 */
export interface RuleVersion {
  rule: RedFlagRule;
  version: number;
  effectiveFrom: string;
  enabled: boolean;
  thresholds: Record<string, number>;
  approvedBy: string | null;
}

interface RuleRow {
  rule: RedFlagRule;
  version: number;
  effective_from: Date | string;
  enabled: boolean;
  thresholds: Record<string, number> | string;
  approver_email: string | null;
}

function dayOf(value: Date | string): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

function toVersion(row: RuleRow): RuleVersion {
  return {
    rule: row.rule,
    version: Number(row.version),
    effectiveFrom: dayOf(row.effective_from),
    enabled: row.enabled,
    thresholds: typeof row.thresholds === 'string' ? JSON.parse(row.thresholds) : row.thresholds,
    approvedBy: row.approver_email,
  };
}

const RULE_SQL = `select r.rule, r.version, r.effective_from::text as effective_from, r.enabled, r.thresholds,
    s.email as approver_email
  from aml_red_flag_rules r left join staff s on s.staff_id = r.approved_by`;

/** Every version of every rule, newest first. */
export async function ruleVersions(db: Queryable): Promise<RuleVersion[]> {
  const rows = await db.query<RuleRow>(`${RULE_SQL} order by r.rule, r.version desc`);
  return rows.map(toVersion);
}

/** The version of each rule in force on a day (YYYY-MM-DD). */
export async function rulesInForce(db: Queryable, day: string): Promise<Map<RedFlagRule, RuleVersion>> {
  const rows = await db.query<RuleRow>(
    `select distinct on (r.rule) r.rule, r.version, r.effective_from::text as effective_from, r.enabled,
       r.thresholds, s.email as approver_email
     from aml_red_flag_rules r left join staff s on s.staff_id = r.approved_by
     where r.effective_from <= $1 order by r.rule, r.version desc`,
    [day],
  );
  return new Map(rows.map((row) => [row.rule, toVersion(row)]));
}

/** `aml.red-flag-rule`: a new version of one rule, from today or a later day. */
export function redFlagRuleHandler(now: () => Date): ProposalHandler<'aml.red-flag-rule'> {
  return {
    kind: 'aml.red-flag-rule',
    async inspect(tx, payload) {
      if (payload.effectiveFrom < manilaDay(now())) throw new AppError('AML_RULE_BACKDATED');
      const [latest] = await tx.query<RuleRow>(
        `${RULE_SQL} where r.rule = $1 order by r.version desc limit 1`,
        [payload.rule],
      );
      const before = latest ? toVersion(latest) : null;
      const changes: ProposalChange[] = [
        {
          field: 'enabled',
          label: 'In use',
          kind: 'text',
          before: before ? (before.enabled ? 'yes' : 'no') : null,
          after: payload.enabled ? 'yes' : 'no',
        },
        ...Object.keys(RED_FLAG_THRESHOLDS[payload.rule].shape).map((key) => ({
          field: `thresholds.${key}`,
          label: THRESHOLD_LABELS[key] ?? key,
          kind: AMOUNT_THRESHOLDS.includes(key) ? ('money' as const) : ('text' as const),
          before: before?.thresholds[key] ?? null,
          after: payload.thresholds[key] ?? null,
        })),
        {
          field: 'effectiveFrom',
          label: 'In force from',
          kind: 'text',
          before: before?.effectiveFrom ?? null,
          after: payload.effectiveFrom,
        },
      ];
      return {
        targetType: 'amlRule',
        targetId: payload.rule,
        brand: null,
        summary: `${RED_FLAG_LABELS[payload.rule]}: version ${(before?.version ?? 0) + 1} from ${payload.effectiveFrom}`,
        changes,
        dedupeKey: payload.rule,
        fingerprint: String(before?.version ?? 0),
      };
    },
    async apply(tx, payload, context) {
      const [latest] = await tx.query<{ version: number }>(
        'select coalesce(max(version), 0)::int as version from aml_red_flag_rules where rule = $1',
        [payload.rule],
      );
      const version = Number(latest?.version ?? 0) + 1;
      await tx.query(
        `insert into aml_red_flag_rules (rule, version, effective_from, enabled, thresholds, proposed_by,
           approved_by, approved_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          payload.rule,
          version,
          payload.effectiveFrom,
          payload.enabled,
          JSON.stringify(payload.thresholds),
          context.maker.staffId,
          context.checker.staffId,
          context.at.toISOString(),
        ],
      );
      await recordAudit(tx, {
        at: context.at,
        actorId: context.checker.staffId,
        actorEmail: context.checker.email,
        action: 'aml.red-flag-rule',
        target: `amlRule:${payload.rule}`,
        after: { ...payload, version, proposalId: context.proposalId, proposedBy: context.maker.email },
        clientAddress: context.checker.clientAddress ?? null,
        userAgent: context.checker.userAgent ?? null,
      });
      return { rule: payload.rule, version };
    },
  };
}

export { RED_FLAG_LABELS, RED_FLAG_RULES };
