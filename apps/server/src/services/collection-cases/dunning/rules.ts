import { randomUUID } from 'node:crypto';
import type { ProposalChange } from '@hiram/contract/ops/approvals';
import {
  DUNNING_STOP_LABELS,
  type DunningChannel,
  type DunningRule,
  type DunningRulePayload,
  type DunningStopCondition,
} from '@hiram/contract/ops/dunning';
import type { Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import type { ProposalHandler } from '../../approvals/approvals.ts';
import { recordAudit } from '../../audit/audit.ts';
import { templateById } from './templates.ts';

/**
 * Dunning rules as data (docs/decisions/0076-dunning-and-guardrails.md): a brand's cases between two days past
 * due get a template every N days, at most M times, unless a stop condition holds. Written by a collections
 * supervisor, approved by another or an admin (`dunning.rule`); the runner reads the active ones each day.
 */

export interface RuleRow {
  rule_id: string;
  package_name: string;
  name: string;
  min_days_past_due: number;
  max_days_past_due: number | null;
  channel: DunningChannel;
  template_id: string;
  template_name?: string;
  every_days: number;
  max_sends: number;
  stop_when: DunningStopCondition[];
  active: boolean;
  version: number;
  updated_at: Date | string;
}

export function ruleOf(row: RuleRow): DunningRule {
  return {
    ruleId: row.rule_id,
    brand: row.package_name,
    name: row.name,
    minDaysPastDue: row.min_days_past_due,
    maxDaysPastDue: row.max_days_past_due,
    channel: row.channel,
    templateId: row.template_id,
    templateName: row.template_name ?? '',
    everyDays: row.every_days,
    maxSends: row.max_sends,
    stopWhen: row.stop_when,
    active: row.active,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function listRules(db: Queryable, brandScope: string | null): Promise<DunningRule[]> {
  const rows = await db.query<RuleRow>(
    `select r.*, t.name as template_name from dunning_rules r join dunning_templates t using (template_id)
     where ($1::text is null or r.package_name = $1) order by r.package_name, r.min_days_past_due, r.name`,
    [brandScope],
  );
  return rows.map(ruleOf);
}

async function ruleById(db: Queryable, ruleId: string): Promise<RuleRow | null> {
  const [row] = await db.query<RuleRow>(
    `select r.*, t.name as template_name from dunning_rules r join dunning_templates t using (template_id)
     where r.rule_id = $1`,
    [ruleId],
  );
  return row ?? null;
}

/** `dunning.rule`: a rule created or changed, approved by another supervisor or an admin. */
export function ruleHandler(): ProposalHandler<'dunning.rule'> {
  return {
    kind: 'dunning.rule',
    async inspect(db, payload, brandScope) {
      if (brandScope !== null && payload.packageName !== brandScope) throw new AppError('NOT_FOUND');
      const template = await templateById(db, payload.templateId);
      // A rule sends its own brand's messages: another lender's name would be a false representation.
      if (!template || template.package_name !== payload.packageName) {
        throw new AppError('VALIDATION_FAILED', {
          fields: [{ field: 'payload.templateId', message: 'invalid' }],
        });
      }
      const current = payload.ruleId ? await ruleById(db, payload.ruleId) : null;
      if (payload.ruleId && (!current || current.package_name !== payload.packageName)) {
        throw new AppError('NOT_FOUND');
      }
      const [sameName] = await db.query<{ rule_id: string }>(
        'select rule_id from dunning_rules where package_name = $1 and name = $2 and rule_id <> $3',
        [payload.packageName, payload.name, payload.ruleId ?? '00000000-0000-0000-0000-000000000000'],
      );
      if (sameName) {
        throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'payload.name', message: 'invalid' }] });
      }
      const changes = ruleChanges(current, payload, template.name);
      if (current && changes.length === 0) throw new AppError('DUNNING_UNCHANGED');
      return {
        targetType: 'brand',
        targetId: payload.packageName,
        brand: payload.packageName,
        summary: current
          ? `Change the dunning rule "${current.name}" of ${payload.packageName}`
          : `New dunning rule "${payload.name}" for ${payload.packageName}`,
        changes,
        dedupeKey: `rule:${payload.packageName}:${payload.ruleId ?? `new:${payload.name}`}`,
        // The template's version too: the checker approves the rule with the message as it reads now.
        fingerprint: `${current ? `v${current.version}` : 'new'}:t${template.version}`,
      };
    },
    async apply(tx, payload, context) {
      const ruleId = payload.ruleId ?? randomUUID();
      await tx.query(
        `insert into dunning_rules (rule_id, package_name, name, min_days_past_due, max_days_past_due, channel,
           template_id, every_days, max_sends, stop_when, active, version, approved_by, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1, $12, $13)
         on conflict (rule_id) do update set name = excluded.name,
           min_days_past_due = excluded.min_days_past_due, max_days_past_due = excluded.max_days_past_due,
           channel = excluded.channel, template_id = excluded.template_id, every_days = excluded.every_days,
           max_sends = excluded.max_sends, stop_when = excluded.stop_when, active = excluded.active,
           version = dunning_rules.version + 1, approved_by = excluded.approved_by, updated_at = excluded.updated_at`,
        [
          ruleId,
          payload.packageName,
          payload.name,
          payload.minDaysPastDue,
          payload.maxDaysPastDue,
          payload.channel,
          payload.templateId,
          payload.everyDays,
          payload.maxSends,
          JSON.stringify([...new Set(payload.stopWhen)]),
          payload.active,
          context.checker.staffId,
          context.at.toISOString(),
        ],
      );
      await recordAudit(tx, {
        at: context.at,
        actorId: context.checker.staffId,
        actorEmail: context.checker.email,
        action: 'dunning.rule.set',
        target: `dunning-rule:${ruleId}`,
        brandScope: payload.packageName,
        after: { ...payload, ruleId, proposalId: context.proposalId, maker: context.maker.email },
        clientAddress: context.checker.clientAddress ?? null,
        userAgent: context.checker.userAgent ?? null,
      });
      return { ruleId };
    },
  };
}

function range(min: number, max: number | null): string {
  return max === null ? `${min}+ days past due` : `${min}-${max} days past due`;
}

function stops(list: readonly DunningStopCondition[]): string {
  return list.length === 0 ? 'none' : list.map((s) => DUNNING_STOP_LABELS[s]).join('; ');
}

function ruleChanges(
  current: RuleRow | null,
  next: DunningRulePayload,
  templateName: string,
): ProposalChange[] {
  const pairs: [string, string, string | number | null, string | number][] = [
    ['name', 'Name', current?.name ?? null, next.name],
    [
      'daysPastDue',
      'Days past due',
      current ? range(current.min_days_past_due, current.max_days_past_due) : null,
      range(next.minDaysPastDue, next.maxDaysPastDue),
    ],
    ['channel', 'Channel', current?.channel ?? null, next.channel],
    ['templateId', 'Message', current?.template_name ?? null, templateName],
    ['everyDays', 'Every (days)', current?.every_days ?? null, next.everyDays],
    ['maxSends', 'At most (messages)', current?.max_sends ?? null, next.maxSends],
    ['stopWhen', 'Stops when', current ? stops(current.stop_when) : null, stops(next.stopWhen)],
    ['active', 'Active', current ? (current.active ? 'Yes' : 'No') : null, next.active ? 'Yes' : 'No'],
  ];
  return pairs
    .filter(([, , before, after]) => before !== after)
    .map(([field, label, before, after]) => ({ field, label, kind: 'text' as const, before, after }));
}
