import type { ContactChannel } from '@hiram/contract/collection-cases';
import type { Language } from '@hiram/contract/languages';
import { forbiddenWordsIn, normalizedWords } from '@hiram/contract/ops/dunning';
import type { Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import { addDays, manilaDay, manilaTime, reminderSendTime } from '../../../domain/servicing-rules.ts';
import { recordAudit } from '../../audit/audit.ts';

/**
 * The MC 18 s.2019 guardrails (docs/decisions/0076-dunning-and-guardrails.md), in one place: every contact a
 * dunning rule, an agent or an agency makes with a borrower passes `guardContact` first, whatever the rule or
 * the agent says. Each refusal is an AppError from the catalogue, so the console shows the agent why and the
 * runner logs and skips. The checks, in order:
 * - her own number only: an emergency contact is a reference, never a debtor (MC 18; NPC 20-01);
 * - never in the quiet hours, 22:00 to 06:00 Manila (the reminders' own QUIET_HOURS);
 * - no more than the dated daily and seven-day caps, counting every outbound contact whoever made it;
 * - while a dispute is open, only a contact that says the debt is disputed;
 * - a message's text: no threat, obscenity, shaming or false claim (the contract's word list), and the
 *   lender's registered name and SEC numbers in it.
 */

export interface ContactAttempt {
  userId: string;
  channel: ContactChannel;
  /** The number about to be called or texted: a phone contact must be hers. */
  to?: string | null;
  /** A message's text as she would read it (after its placeholders are filled). */
  text?: string | null;
  language?: Language;
  /** The message (or the agent, for a call) says the debt is disputed. */
  saysDisputed?: boolean;
  /** The lender's registered name and numbers a message must carry. */
  lender?: { corporateName: string; secRegistrationNumber: string; certificateOfAuthorityNumber: string };
}

/** The caps in force on a Manila day (migration 0062's dated rows). */
export async function contactCapsOn(
  db: Queryable,
  day: string,
): Promise<{ effectiveFrom: string; dailyMax: number; weeklyMax: number }> {
  const [row] = await db.query<{ effective_from: string | Date; daily_max: number; weekly_max: number }>(
    `select effective_from, daily_max, weekly_max from contact_caps where effective_from <= $1
     order by effective_from desc limit 1`,
    [day],
  );
  if (!row) return { effectiveFrom: day, dailyMax: 3, weeklyMax: 10 };
  const from =
    row.effective_from instanceof Date ? row.effective_from.toISOString().slice(0, 10) : row.effective_from;
  return { effectiveFrom: String(from).slice(0, 10), dailyMax: row.daily_max, weeklyMax: row.weekly_max };
}

/** Ten digits of a Philippine mobile (09171234567, +639171234567 and 9171234567 are one number). */
export function mobileKey(mobile: string): string {
  return mobile.replace(/\D/g, '').slice(-10);
}

/** A contact whose channel reaches a phone: it must be her own number. */
const PHONE_CHANNELS: ReadonlySet<ContactChannel> = new Set(['call', 'sms']);

/**
 * Refuses a contact MC 18 forbids (an AppError) or returns quietly. Call it in the transaction that logs the
 * contact, before sending: two contacts at once count each other only after the first commits, so the runner
 * sends one borrower's messages one after another.
 */
export async function guardContact(db: Queryable, now: Date, attempt: ContactAttempt): Promise<void> {
  const [user] = await db.query<{ mobile: string; addition_info: Record<string, unknown> | null }>(
    `select u.mobile, p.addition_info from users u left join profiles p on p.user_id = u.user_id
     where u.user_id = $1`,
    [attempt.userId],
  );
  if (!user) throw new AppError('NOT_FOUND');
  if (PHONE_CHANNELS.has(attempt.channel)) {
    const to = attempt.to ?? user.mobile;
    const references = emergencyNumbers(user.addition_info);
    // Her references are never debtors, even were one to share her number (refused first, by name).
    if (references.has(mobileKey(to)) || mobileKey(to) !== mobileKey(user.mobile)) {
      throw new AppError('CONTACT_NOT_BORROWER', { log: { userId: attempt.userId } });
    }
  }

  const sendAt = reminderSendTime(now);
  if (sendAt.getTime() !== now.getTime()) {
    throw new AppError('CONTACT_QUIET_HOURS', {
      values: { time: '06:00' },
      data: { retryAt: sendAt.toISOString() },
    });
  }

  const today = manilaDay(now);
  const caps = await contactCapsOn(db, today);
  const weekFrom = addDays(today, -6);
  const [counts] = await db.query<{ today: number; week: number; first_in_week: Date | string | null }>(
    `select count(*) filter (where at >= $2)::int as today, count(*)::int as week, min(at) as first_in_week
     from collection_contacts where user_id = $1 and direction = 'outbound' and at >= $3 and at <= $4`,
    [attempt.userId, manilaTime(today).toISOString(), manilaTime(weekFrom).toISOString(), now.toISOString()],
  );
  if ((counts?.today ?? 0) >= caps.dailyMax) {
    throw new AppError('CONTACT_DAILY_CAP', { values: { count: counts?.today ?? 0 } });
  }
  if ((counts?.week ?? 0) >= caps.weeklyMax) {
    const first = counts?.first_in_week ? manilaDay(new Date(counts.first_in_week)) : today;
    throw new AppError('CONTACT_WEEKLY_CAP', {
      values: { count: counts?.week ?? 0, date: addDays(first, 7) },
    });
  }

  const [dispute] = await db.query<{ dispute_id: string }>(
    `select dispute_id from collection_disputes where user_id = $1 and resolved_at is null limit 1`,
    [attempt.userId],
  );
  if (dispute && !attempt.saysDisputed) throw new AppError('CONTACT_DISPUTE_NOT_SAID');

  if (attempt.text != null) guardMessage(attempt.text, attempt.language ?? 'en', attempt.lender ?? null);
}

/**
 * A message's words: no forbidden word in its language (or English), and the lender's registered name and SEC
 * numbers in it. Used on every rendered message, and on a template's texts before it can be proposed.
 */
export function guardMessage(
  text: string,
  language: Language,
  lender: ContactAttempt['lender'] | null,
): void {
  const forbidden = forbiddenWordsIn(text, language);
  if (forbidden.length > 0) {
    throw new AppError('DUNNING_WORDS_FORBIDDEN', { values: { words: forbidden.join(', ') } });
  }
  if (lender) {
    const words = normalizedWords(text);
    const missing = [
      ["the lender's name", lender.corporateName],
      ['the SEC registration number', lender.secRegistrationNumber],
      ['the Certificate of Authority number', lender.certificateOfAuthorityNumber],
    ].filter(([, value]) => !value?.trim() || !words.includes(normalizedWords(value as string)));
    if (missing.length > 0) {
      throw new AppError('DUNNING_LENDER_MISSING', { values: { names: missing.map(([n]) => n).join(', ') } });
    }
  }
}

/** Her emergency contacts' numbers, as she gave them (profiles.addition_info). */
function emergencyNumbers(info: Record<string, unknown> | null): Set<string> {
  const numbers = new Set<string>();
  for (const key of ['emergencyContactMobile1', 'emergencyContactMobile2']) {
    const value = info?.[key];
    if (typeof value === 'string' && value.replace(/\D/g, '').length >= 10) numbers.add(mobileKey(value));
  }
  return numbers;
}

/**
 * Whether a contact on a case may be made now, for the console to ask before an agent calls or texts: null
 * when it may, else the refusal. The agent's own phone is not the server's to stop, so the case page asks
 * first and says why not (ADR 0076).
 */
export async function contactRefusal(
  db: Queryable,
  now: Date,
  caseId: string,
  channel: ContactChannel,
  saysDisputed = false,
): Promise<AppError | null> {
  const [kase] = await db.query<{ user_id: string }>(
    'select user_id from collection_cases where case_id = $1',
    [caseId],
  );
  if (!kase) return new AppError('NOT_FOUND');
  try {
    await guardContact(db, now, { userId: kase.user_id, channel, saysDisputed });
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/**
 * A contact an agent logs that broke a guardrail when it was made: logged all the same (the log is what the
 * lender shows the SEC, and hiding a breach would be worse), and its breach audited for the supervisor. Call
 * before the contact is written, so the caps count the ones before it.
 */
export async function auditContactBreach(
  tx: Queryable,
  entry: {
    caseId: string;
    channel: ContactChannel;
    direction: 'outbound' | 'inbound';
    outcome: string;
    at: Date;
  },
  actor: {
    staffId: string | null;
    email: string | null;
    clientAddress?: string | null;
    userAgent?: string | null;
  },
): Promise<string | null> {
  if (entry.direction !== 'outbound' || entry.channel === 'app') return null;
  const refusal = await contactRefusal(
    tx,
    entry.at,
    entry.caseId,
    entry.channel,
    entry.outcome === 'dispute',
  );
  if (!refusal || refusal.key === 'NOT_FOUND') return null;
  await recordAudit(tx, {
    at: entry.at,
    actorId: actor.staffId,
    actorEmail: actor.email,
    action: 'collections.contact.breach',
    target: `collection-case:${entry.caseId}`,
    brandScope: null,
    after: { channel: entry.channel, rule: refusal.key },
    clientAddress: actor.clientAddress ?? null,
    userAgent: actor.userAgent ?? null,
  });
  return refusal.key;
}
