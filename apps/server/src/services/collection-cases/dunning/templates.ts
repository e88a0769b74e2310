import { randomUUID } from 'node:crypto';
import type { Language } from '@hiram/contract/languages';
import type { ProposalChange } from '@hiram/contract/ops/approvals';
import {
  type DunningPlaceholder,
  type DunningTemplate,
  type DunningTemplatePayload,
  templateProblems,
} from '@hiram/contract/ops/dunning';
import type { Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import type { ProposalHandler } from '../../approvals/approvals.ts';
import { recordAudit } from '../../audit/audit.ts';

/**
 * Dunning messages (docs/decisions/0076-dunning-and-guardrails.md): one text per language, placeholders from the
 * contract's closed list only, the lender's name and SEC numbers in each, no forbidden word. Refused at proposal
 * and again at approval (the handler's inspect), and the filled text passes the guardrails again before it is
 * sent. A person approves each one: the word list catches the obvious, she the rest.
 */

const LANGUAGES: readonly Language[] = ['en', 'fil', 'es'];

interface TemplateRow {
  template_id: string;
  package_name: string;
  name: string;
  text_en: string;
  text_fil: string;
  text_es: string;
  says_disputed: boolean;
  version: number;
  updated_at: Date | string;
}

export function templateOf(row: TemplateRow): DunningTemplate {
  return {
    templateId: row.template_id,
    brand: row.package_name,
    name: row.name,
    texts: { en: row.text_en, fil: row.text_fil, es: row.text_es },
    saysDisputed: row.says_disputed,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function listTemplates(db: Queryable, brandScope: string | null): Promise<DunningTemplate[]> {
  const rows = await db.query<TemplateRow>(
    `select * from dunning_templates where ($1::text is null or package_name = $1) order by package_name, name`,
    [brandScope],
  );
  return rows.map(templateOf);
}

export async function templateById(db: Queryable, templateId: string): Promise<TemplateRow | null> {
  const [row] = await db.query<TemplateRow>('select * from dunning_templates where template_id = $1', [
    templateId,
  ]);
  return row ?? null;
}

/**
 * Refuses a text MC 18 forbids: an unknown placeholder (40041), a forbidden word (40042), the lender's name or
 * SEC numbers left out (40043); each on the field of its language.
 */
export function checkTemplateTexts(texts: Record<Language, string>): void {
  for (const language of LANGUAGES) {
    const problems = templateProblems(texts[language], language);
    const field = `payload.texts.${language}`;
    if (problems.unknown.length > 0) {
      throw new AppError('DUNNING_PLACEHOLDER_UNKNOWN', {
        values: { names: problems.unknown.map((name) => `{${name}}`).join(', ') },
        data: { field },
      });
    }
    if (problems.forbidden.length > 0) {
      throw new AppError('DUNNING_WORDS_FORBIDDEN', {
        values: { words: problems.forbidden.join(', ') },
        data: { field },
      });
    }
    if (problems.missing.length > 0) {
      throw new AppError('DUNNING_LENDER_MISSING', {
        values: { names: problems.missing.map((name) => `{${name}}`).join(', ') },
        data: { field },
      });
    }
  }
}

/** Fills a template's text; a placeholder without a value stays empty rather than showing its braces. */
export function renderTemplate(text: string, values: Record<DunningPlaceholder, string>): string {
  return text.replace(/\{([^{}]*)\}/g, (_, name: string) => values[name as DunningPlaceholder] ?? '');
}

/** `dunning.template`: a message created or changed, approved by another supervisor or an admin. */
export function templateHandler(): ProposalHandler<'dunning.template'> {
  return {
    kind: 'dunning.template',
    async inspect(db, payload, brandScope) {
      if (brandScope !== null && payload.packageName !== brandScope) throw new AppError('NOT_FOUND');
      const [brand] = await db.query<{ package_name: string }>(
        'select package_name from brands where package_name = $1',
        [payload.packageName],
      );
      if (!brand) throw new AppError('NOT_FOUND');
      checkTemplateTexts(payload.texts);
      const current = payload.templateId ? await templateById(db, payload.templateId) : null;
      if (payload.templateId && (!current || current.package_name !== payload.packageName)) {
        throw new AppError('NOT_FOUND');
      }
      const [sameName] = await db.query<{ template_id: string }>(
        'select template_id from dunning_templates where package_name = $1 and name = $2 and template_id <> $3',
        [payload.packageName, payload.name, payload.templateId ?? '00000000-0000-0000-0000-000000000000'],
      );
      if (sameName) {
        throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'payload.name', message: 'invalid' }] });
      }
      const changes = templateChanges(current, payload);
      if (current && changes.length === 0) throw new AppError('DUNNING_UNCHANGED');
      return {
        targetType: 'brand',
        targetId: payload.packageName,
        brand: payload.packageName,
        summary: current
          ? `Change the dunning message "${current.name}" of ${payload.packageName}`
          : `New dunning message "${payload.name}" for ${payload.packageName}`,
        changes,
        dedupeKey: `${payload.packageName}:${payload.templateId ?? `new:${payload.name}`}`,
        fingerprint: current ? `v${current.version}` : 'new',
      };
    },
    async apply(tx, payload, context) {
      const templateId = payload.templateId ?? randomUUID();
      const at = context.at.toISOString();
      await tx.query(
        `insert into dunning_templates (template_id, package_name, name, text_en, text_fil, text_es, says_disputed,
           version, approved_by, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9)
         on conflict (template_id) do update set name = excluded.name, text_en = excluded.text_en,
           text_fil = excluded.text_fil, text_es = excluded.text_es, says_disputed = excluded.says_disputed,
           version = dunning_templates.version + 1, approved_by = excluded.approved_by,
           updated_at = excluded.updated_at`,
        [
          templateId,
          payload.packageName,
          payload.name,
          payload.texts.en,
          payload.texts.fil,
          payload.texts.es,
          payload.saysDisputed,
          context.checker.staffId,
          at,
        ],
      );
      await recordAudit(tx, {
        at: context.at,
        actorId: context.checker.staffId,
        actorEmail: context.checker.email,
        action: 'dunning.template.set',
        target: `dunning-template:${templateId}`,
        brandScope: payload.packageName,
        after: { ...payload, templateId, proposalId: context.proposalId, maker: context.maker.email },
        clientAddress: context.checker.clientAddress ?? null,
        userAgent: context.checker.userAgent ?? null,
      });
      return { templateId };
    },
  };
}

function templateChanges(current: TemplateRow | null, next: DunningTemplatePayload): ProposalChange[] {
  const pairs: [string, string, string | null, string][] = [
    ['name', 'Name', current?.name ?? null, next.name],
    ['texts.en', 'Message in English', current?.text_en ?? null, next.texts.en],
    ['texts.fil', 'Message in Filipino', current?.text_fil ?? null, next.texts.fil],
    ['texts.es', 'Message in Spanish', current?.text_es ?? null, next.texts.es],
    [
      'saysDisputed',
      'Says the debt is disputed',
      current ? (current.says_disputed ? 'Yes' : 'No') : null,
      next.saysDisputed ? 'Yes' : 'No',
    ],
  ];
  return pairs
    .filter(([, , before, after]) => before !== after)
    .map(([field, label, before, after]) => ({ field, label, kind: 'text' as const, before, after }));
}
