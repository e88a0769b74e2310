import type { Language } from '@hiram/contract/languages';
import { formatPeso } from '@hiram/contract/money';
import type { DunningPlaceholder, DunningStopCondition } from '@hiram/contract/ops/dunning';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import type { Clock } from '../../../domain/clock.ts';
import { addDays, daysBetween, manilaDay, manilaTime } from '../../../domain/servicing-rules.ts';
import type { Jobs } from '../../../plugins/infra/jobs.ts';
import type { SmsProvider } from '../../../providers/sms/sms-provider.ts';
import { Ledger } from '../../ledger/ledger.ts';
import { logContact } from '../contacts.ts';
import { contactCapsOn, guardContact } from './guardrails.ts';
import { listRules, type RuleRow, ruleHandler } from './rules.ts';
import { listTemplates, renderTemplate, templateHandler } from './templates.ts';

/**
 * The dunning runner (docs/decisions/0076-dunning-and-guardrails.md): once a day, at 09:00 Manila, each active
 * rule's cases get its message when their cadence is due, one message per case a day. Every message passes the
 * guardrails first (a refusal skips the case until the next run, logged), is written to the contact log with
 * its rule (outcome 'sent') and then texted: recorded first, so a failed send is never sent twice. A run that
 * fails is retried by the job queue; a second run the same day sends nothing twice (the cadence counts days).
 */

export const DUNNING_DAILY_JOB = 'collectionDunningDaily';
/** When the run starts, Manila time: well inside the hours a borrower may be contacted. */
export const DUNNING_RUN_HOUR = 9;

export interface LenderOfBrand {
  appName: string;
  lender: { corporateName: string; secRegistrationNumber: string; certificateOfAuthorityNumber: string };
}

export interface DunningDeps {
  db: Database;
  clock: Clock;
  jobs: Jobs;
  sms: SmsProvider;
  brandOf: (packageName: string) => LenderOfBrand | undefined;
  log: { warn: (object: Record<string, unknown>, message: string) => void };
}

interface Candidate {
  case_id: string;
  order_id: string;
  user_id: string;
  package_name: string;
  days_past_due: number;
}

/** Why a rule sends nothing to a case (its stop conditions, as SQL on the case `c`). */
const STOP_SQL: Record<DunningStopCondition, string> = {
  promiseRunning: `c.status <> 'promiseToPay' and not exists (select 1 from collection_promises p
    where p.case_id = c.case_id and p.status = 'running')`,
  disputeOpen: 'true',
  hardship: `c.status <> 'hardship'`,
  agencyPlacement: `c.status <> 'agency' and c.agency_id is null`,
};

export class Dunning {
  constructor(private readonly deps: DunningDeps) {}

  handlers() {
    return { rule: ruleHandler(), template: templateHandler() };
  }

  async view(brandScope: string | null) {
    const { db, clock } = this.deps;
    return {
      rules: await listRules(db, brandScope),
      templates: await listTemplates(db, brandScope),
      caps: await contactCapsOn(db, manilaDay(clock.now())),
    };
  }

  /** Queues tomorrow's run unless it is queued already (every process calls this at start). */
  async scheduleDailyRun(db: Queryable = this.deps.db): Promise<void> {
    const now = this.deps.clock.now();
    const today = manilaTime(manilaDay(now), DUNNING_RUN_HOUR);
    const next = today > now ? today : manilaTime(addDays(manilaDay(now), 1), DUNNING_RUN_HOUR);
    const [queued] = await db.query('select 1 from jobs where kind = $1 and run_at = $2 limit 1', [
      DUNNING_DAILY_JOB,
      next.toISOString(),
    ]);
    if (!queued)
      await db.query(`insert into jobs (kind, payload, run_at, created_at) values ($1, '{}', $2, $3)`, [
        DUNNING_DAILY_JOB,
        next.toISOString(),
        now.toISOString(),
      ]);
  }

  /** Today's messages, rule by rule (the furthest past due first); each case at most one a day. */
  async runDaily(): Promise<{ sent: number; refused: number }> {
    const { db, clock } = this.deps;
    const today = manilaDay(clock.now());
    const rules = await db.query<RuleRow>(
      'select * from dunning_rules where active order by min_days_past_due desc, rule_id',
    );
    const done = new Set<string>();
    let sent = 0;
    let refused = 0;
    for (const rule of rules) {
      for (const candidate of await this.candidates(rule, today)) {
        if (done.has(candidate.case_id)) continue;
        done.add(candidate.case_id);
        const outcome = await this.sendOne(rule, candidate);
        if (outcome === 'sent') sent += 1;
        if (outcome === 'refused') refused += 1;
      }
    }
    await this.scheduleDailyRun();
    return { sent, refused };
  }

  /**
   * A rule's cases due a message today: its brand and days past due, not closed, no open dispute and none upheld
   * (a debt found wrong is not dunned by a rule again), none of its stop conditions, fewer sends than its
   * maximum, and the last one at least `every_days` Manila days ago.
   */
  private async candidates(rule: RuleRow, today: string): Promise<Candidate[]> {
    const stops = rule.stop_when.map((stop) => `and ${STOP_SQL[stop]}`).join(' ');
    return this.deps.db.query<Candidate>(
      `select c.case_id, c.order_id, c.user_id, c.package_name, c.days_past_due
       from collection_cases c
       where c.package_name = $1 and c.status not in ('closed', 'dispute')
         and c.days_past_due >= $2 and ($3::int is null or c.days_past_due <= $3)
         and not exists (select 1 from collection_disputes d where d.case_id = c.case_id
           and (d.resolved_at is null or d.outcome = 'upheld'))
         ${stops}
         and (select count(*) from collection_contacts k where k.case_id = c.case_id and k.rule_id = $4) < $5
         and not exists (select 1 from collection_contacts k where k.case_id = c.case_id and k.rule_id = $4
           and k.at >= $6)
         and not exists (select 1 from collection_contacts k where k.case_id = c.case_id
           and k.rule_id is not null and k.at >= $7)
       order by c.days_past_due desc, c.case_id`,
      [
        rule.package_name,
        rule.min_days_past_due,
        rule.max_days_past_due,
        rule.rule_id,
        rule.max_sends,
        manilaTime(addDays(today, 1 - rule.every_days)).toISOString(),
        // One dunning message a case a day, whichever rule and however many runs.
        manilaTime(today).toISOString(),
      ],
    );
  }

  /** One case's message: guarded, logged, then texted. A guardrail's refusal is logged and skipped. */
  private async sendOne(rule: RuleRow, candidate: Candidate): Promise<'sent' | 'refused' | 'skipped'> {
    const { db, clock, sms, log } = this.deps;
    const brand = this.deps.brandOf(candidate.package_name);
    if (!brand) return 'skipped';
    try {
      const message = await db.transaction(async (tx) => {
        const now = clock.now();
        // The case locked: a second run (another process, a retry) waits and then finds it sent.
        const [kase] = await tx.query<{ status: string }>(
          'select status from collection_cases where case_id = $1 for update',
          [candidate.case_id],
        );
        if (!kase || kase.status === 'closed') return null;
        const [already] = await tx.query(
          'select 1 from collection_contacts where case_id = $1 and rule_id = $2 and at >= $3',
          [
            candidate.case_id,
            rule.rule_id,
            manilaTime(addDays(manilaDay(now), 1 - rule.every_days)).toISOString(),
          ],
        );
        if (already) return null;
        const [row] = await tx.query<{
          mobile: string;
          first_name: string | null;
          language: string | null;
          text_en: string;
          text_fil: string;
          text_es: string;
          says_disputed: boolean;
        }>(
          `select u.mobile, p.basic_info->>'firstName' as first_name, t.text_en, t.text_fil, t.text_es, t.says_disputed,
             (select s.language from agreement_signatures s where s.order_id = $2 limit 1) as language
           from users u left join profiles p on p.user_id = u.user_id, dunning_templates t
           where u.user_id = $1 and t.template_id = $3`,
          [candidate.user_id, candidate.order_id, rule.template_id],
        );
        if (!row) return null;
        const language: Language = row.language === 'fil' || row.language === 'es' ? row.language : 'en';
        const balance = await new Ledger(clock).orderBalance(tx, candidate.order_id);
        if (balance.totalDue <= 0) return null;
        const values: Record<DunningPlaceholder, string> = {
          firstName: row.first_name ?? '',
          amountDue: formatPeso(balance.totalDue),
          dueDate: addDays(manilaDay(now), -candidate.days_past_due),
          daysPastDue: String(candidate.days_past_due),
          appName: brand.appName,
          lenderName: brand.lender.corporateName,
          secRegistration: brand.lender.secRegistrationNumber,
          caNumber: brand.lender.certificateOfAuthorityNumber,
          caseNumber: candidate.case_id.slice(0, 8).toUpperCase(),
        };
        const text = renderTemplate(
          language === 'fil' ? row.text_fil : language === 'es' ? row.text_es : row.text_en,
          values,
        );
        await guardContact(tx, now, {
          userId: candidate.user_id,
          channel: 'sms',
          to: row.mobile,
          text,
          language,
          saysDisputed: row.says_disputed,
          lender: brand.lender,
        });
        // The contact log (ADR 0074) keeps the rule and the words she was sent; audited there.
        await logContact(tx, {
          caseId: candidate.case_id,
          channel: 'sms',
          direction: 'outbound',
          outcome: 'sent',
          note: text,
          ruleId: rule.rule_id,
          at: now,
        });
        return { to: row.mobile, text, values };
      });
      if (!message) return 'skipped';
      await sms.send(message.to, message.text, {
        purpose: 'dunning',
        packageName: candidate.package_name,
      });
      return 'sent';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A guardrail said no (a cap reached, her number, a word): nothing sent; the next run tries again.
      log.warn(
        { caseId: candidate.case_id, ruleId: rule.rule_id, code: error.key },
        'dunning message refused',
      );
      return 'refused';
    }
  }
}

/** Days since a send, as the cadence counts them (exported for tests of the cadence). */
export function daysSince(sentAt: Date, now: Date): number {
  return daysBetween(manilaDay(sentAt), manilaDay(now));
}
