import {
  AdditionInfo,
  type ApplicationProgress,
  BasicInfo,
  QUESTION_CODES,
} from '@hiram/contract/api/application';
import {
  asksEmployerName,
  isBirthdayInRange,
  manilaToday,
  type ProfileValues,
  paydayRule,
  permanentAddressDiffers,
  resetUnknownValues,
  visibleWorkFields,
} from '@hiram/contract/profile';
import { findState, isCityInState } from '@hiram/contract/psgc';
import { isValidAnswer, QUESTIONNAIRE_MESSAGES } from '@hiram/contract/questionnaire';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { applicationProgress, type CheckingSteps } from '../../domain/application-progress.ts';
import type { Clock } from '../../domain/clock.ts';
import type { FieldProblem } from '../../domain/field-problems.ts';
import { psgc } from '../../domain/psgc-data.ts';
import { screenBorrower } from '../compliance/aml/screening.ts';

/**
 * The borrower's application as saved (SPEC sections 2 to 5): the profile sections, the questionnaire and
 * the progress through the steps. Every save is kept as soon as it is accepted, so a reload or a lost
 * connection loses nothing; the progress is computed from what is saved, never stored.
 */
type Stored = Record<string, string | number | null>;
type BasicInfoInput = z.output<typeof BasicInfo>;
type AdditionInfoInput = z.output<typeof AdditionInfo>;
export interface QuestionnaireInput {
  answers: { code: number; answer: string }[];
}

interface ApplicationRow {
  basic_info: Stored | null;
  addition_info: Stored | null;
  identity_state: string | null;
  answers: Record<string, string> | null;
  account_state: string | null;
}

/** The residence fields name real places: a state of the PSGC list and a city of that state. */
function placeProblems(values: Record<string, unknown>): FieldProblem[] {
  const places = psgc();
  const problems: FieldProblem[] = [];
  const check = (stateField: string, cityField: string) => {
    const state = String(values[stateField] ?? '');
    if (!findState(places, state)) problems.push({ field: stateField, message: 'invalid' });
    else if (!isCityInState(places, state, String(values[cityField] ?? '')))
      problems.push({ field: cityField, message: 'cityNotInState' });
  };
  check('state', 'city');
  // The permanent address, when it differs (ADR 0083), is a real place too.
  if (permanentAddressDiffers(values as ProfileValues)) check('permanentState', 'permanentCity');
  return problems;
}

/**
 * Drops what the form hides: the permanent address while it is the present one, an empty tax or
 * social-security pair (ADR 0083).
 */
function keptBasic(input: BasicInfoInput): Stored {
  const stored = trimmed(input);
  if (!permanentAddressDiffers(stored as ProfileValues)) {
    delete stored.permanentState;
    delete stored.permanentCity;
    delete stored.permanentAddress;
  }
  if (!stored.identificationType || !stored.identificationNumber) {
    delete stored.identificationType;
    delete stored.identificationNumber;
  }
  return stored;
}

/** Stored answers that are still offered, by code. */
function validAnswers(answers: Record<string, string> | null): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [code, answer] of Object.entries(answers ?? {})) {
    if (isValidAnswer(Number(code), answer)) kept[code] = answer;
  }
  return kept;
}

/** A section as the form gets it back: values no longer in today's lists come back empty (SPEC section 4). */
function cleaned(stored: Stored | null): Stored | null {
  if (!stored) return null;
  const values = resetUnknownValues(stored as ProfileValues) as Stored;
  if (values.state !== undefined && values.state !== '' && !findState(psgc(), String(values.state))) {
    values.state = '';
    values.city = '';
  } else if (values.city && !isCityInState(psgc(), String(values.state ?? ''), String(values.city))) {
    values.city = '';
  }
  return values;
}

/** Drops what a client sent but the form hides (SPEC section 4): a field the borrower cannot see is not kept. */
function keptWork(input: AdditionInfoInput): Stored {
  const stored = trimmed(input);
  const visible = visibleWorkFields(String(input.employmentType));
  if (!visible.industryCategory) delete stored.industryCategory;
  if (!visible.jobExperience) delete stored.jobExperience;
  if (!visible.payFrequency) delete stored.payFrequency;
  const rule = visible.paydays ? paydayRule(input.payFrequency) : null;
  if (!rule) delete stored.monthlyPayday;
  if (rule?.count !== 2) delete stored.monthlyPaydayTwo;
  if (!asksEmployerName(String(input.employmentType)) || !stored.employerName) delete stored.employerName;
  return stored;
}

/** The wire fields as stored: strings trimmed, the loan order id (for logging only) left out. */
function trimmed(input: Record<string, unknown>): Stored {
  const stored: Stored = {};
  for (const [field, value] of Object.entries(input)) {
    if (field === 'loanOrderId' || value === undefined) continue;
    stored[field] = typeof value === 'string' ? value.trim() : (value as number | null);
  }
  return stored;
}

export class Application {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async progress(userId: string, db: Queryable = this.db): Promise<ApplicationProgress> {
    const row = await this.row(db, userId);
    return applicationProgress(this.completed(row), this.checking(row));
  }

  async profile(userId: string) {
    const row = await this.row(this.db, userId);
    const answers = validAnswers(row.answers);
    return {
      basicInfo: cleaned(row.basic_info),
      additionInfo: cleaned(row.addition_info),
      questionnaire: row.answers ? answers : null,
      progress: applicationProgress(this.completed(row), this.checking(row)),
    };
  }

  async saveBasicInfo(userId: string, input: BasicInfoInput): Promise<ApplicationProgress> {
    const problems: FieldProblem[] = [];
    if (!isBirthdayInRange(input.inputBirthday, manilaToday(this.clock.now())))
      problems.push({ field: 'inputBirthday', message: 'invalidBirthday' });
    problems.push(...placeProblems(input));
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', { fields: problems });
    const progress = await this.saveSection(userId, 'basic_info', keptBasic(input));
    // Screened at sign-up (ADR 0081): her name and birthday against the current sanctions lists.
    await screenBorrower(this.db, userId, 'signUp', this.clock.now());
    return progress;
  }

  async saveAdditionInfo(userId: string, input: AdditionInfoInput): Promise<ApplicationProgress> {
    return this.saveSection(userId, 'addition_info', keptWork(input));
  }

  /** All 11 questions answered with offered answers; otherwise nothing is saved. */
  async saveQuestionnaire(userId: string, input: QuestionnaireInput): Promise<ApplicationProgress> {
    const answers: Record<string, string> = {};
    const problems: FieldProblem[] = [];
    input.answers.forEach((entry, index) => {
      if (!isValidAnswer(entry.code, entry.answer))
        problems.push({ field: `answers.${index}.answer`, message: 'invalid' });
      else answers[String(entry.code)] = entry.answer;
    });
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', { fields: problems });
    const unanswered = QUESTION_CODES.filter((code) => answers[String(code)] === undefined);
    if (unanswered.length > 0) {
      throw new AppError('VALIDATION_FAILED', {
        message: QUESTIONNAIRE_MESSAGES.unanswered,
        fields: unanswered.map((code) => ({ field: `answers.${code}`, message: 'unanswered' })),
      });
    }
    return this.db.transaction(async (tx) => {
      await tx.query(
        `insert into questionnaire_answers (user_id, answers, saved_at) values ($1, $2, $3)
         on conflict (user_id) do update set answers = excluded.answers, saved_at = excluded.saved_at`,
        [userId, JSON.stringify(answers), this.clock.now().toISOString()],
      );
      return this.progress(userId, tx);
    });
  }

  /** The progress; when every step is done, the application is recorded as submitted (once). */
  async submit(userId: string): Promise<ApplicationProgress> {
    return this.db.transaction(async (tx) => {
      const progress = await this.progress(userId, tx);
      if (progress.nextStep === null) {
        await tx.query(
          `insert into profiles (user_id, submitted_at) values ($1, $2)
           on conflict (user_id) do update set submitted_at = coalesce(profiles.submitted_at, excluded.submitted_at)`,
          [userId, this.clock.now().toISOString()],
        );
      }
      return progress;
    });
  }

  private async saveSection(
    userId: string,
    column: 'basic_info' | 'addition_info',
    values: Stored,
  ): Promise<ApplicationProgress> {
    return this.db.transaction(async (tx) => {
      await tx.query(
        `insert into profiles (user_id, ${column}, ${column}_saved_at) values ($1, $2, $3)
         on conflict (user_id) do update set ${column} = excluded.${column}, ${column}_saved_at = excluded.${column}_saved_at`,
        [userId, JSON.stringify(values), this.clock.now().toISOString()],
      );
      return this.progress(userId, tx);
    });
  }

  private async row(db: Queryable, userId: string): Promise<ApplicationRow> {
    const [row] = await db.query<ApplicationRow>(
      `select p.basic_info, p.addition_info, i.state as identity_state, q.answers, a.state as account_state
       from users u
       left join profiles p on p.user_id = u.user_id
       left join identity_checks i on i.user_id = u.user_id
       left join questionnaire_answers q on q.user_id = u.user_id
       left join payout_accounts a on a.user_id = u.user_id
       where u.user_id = $1`,
      [userId],
    );
    return (
      row ?? {
        basic_info: null,
        addition_info: null,
        identity_state: null,
        answers: null,
        account_state: null,
      }
    );
  }

  /** Checks out with a provider: the borrower has nothing to do but wait for them. */
  private checking(row: ApplicationRow): CheckingSteps {
    return {
      identity: row.identity_state === 'reading' || row.identity_state === 'matching',
      bankAccount: row.account_state === 'verifying',
    };
  }

  /** A section counts as done only while what is saved still passes today's rules. */
  private completed(row: ApplicationRow): ApplicationProgress['completed'] {
    const basic = row.basic_info;
    const answers = validAnswers(row.answers);
    return {
      basicInfo: basic !== null && BasicInfo.safeParse(basic).success && placeProblems(basic).length === 0,
      additionInfo: row.addition_info !== null && AdditionInfo.safeParse(row.addition_info).success,
      identity: row.identity_state === 'verified',
      questionnaire: QUESTION_CODES.every((code) => answers[String(code)] !== undefined),
      bankAccount: row.account_state === 'verified',
    };
  }
}
