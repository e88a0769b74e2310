import { z } from 'zod';
import type { Language } from '../languages.ts';
import { opsEndpoint, type StaffRole } from './endpoint.ts';

/**
 * Dunning and the MC 18 guardrails (issue 22; docs/decisions/0076-dunning-and-guardrails.md). Rules say who is
 * texted, when and how often; templates say what, in her three languages. Both are data a collections supervisor
 * proposes and another approves (maker-checker). Whatever a rule or an agent does, the server's guardrails decide
 * whether a contact may reach the borrower (SEC MC 18 s.2019): her own number only, never 22:00 to 06:00 Manila,
 * a daily and weekly cap, no contact during a dispute unless the message says the debt is disputed, no threat,
 * obscenity or false claim, the lender's registered name and SEC numbers in every message.
 */

/** SMS only: the project has no e-mail provider yet (an `email` channel comes with one). */
export const DUNNING_CHANNELS = ['sms'] as const;
export type DunningChannel = (typeof DUNNING_CHANNELS)[number];

/**
 * What a template may say, a closed list: the borrower's own data, her amounts, and the lender. Any other
 * `{name}` is refused: a message never names a third person, an employer or a contact.
 */
export const DUNNING_PLACEHOLDERS = [
  'firstName',
  'amountDue',
  'dueDate',
  'daysPastDue',
  'appName',
  'lenderName',
  'secRegistration',
  'caNumber',
  'caseNumber',
] as const;
export type DunningPlaceholder = (typeof DUNNING_PLACEHOLDERS)[number];

/** In every message, in every language: the lender's registered name and its SEC numbers (MC 18, MC 19). */
export const REQUIRED_PLACEHOLDERS: readonly DunningPlaceholder[] = [
  'lenderName',
  'secRegistration',
  'caNumber',
];

export const DUNNING_PLACEHOLDER_LABELS: Record<DunningPlaceholder, string> = {
  firstName: "The borrower's first name",
  amountDue: 'Amount due now',
  dueDate: 'The due date',
  daysPastDue: 'Days past due',
  appName: "The brand's app name",
  lenderName: "The lender's registered name",
  secRegistration: 'SEC registration number',
  caNumber: 'Certificate of Authority number',
  caseNumber: "The case's reference",
};

/** When a rule sends nothing to a case. Paid and closed cases are never dunned; an open dispute always stops. */
export const DUNNING_STOP_CONDITIONS = [
  'promiseRunning',
  'disputeOpen',
  'hardship',
  'agencyPlacement',
] as const;
export type DunningStopCondition = (typeof DUNNING_STOP_CONDITIONS)[number];
export const DUNNING_STOP_LABELS: Record<DunningStopCondition, string> = {
  promiseRunning: 'A promise to pay is running',
  disputeOpen: 'A dispute is open',
  hardship: 'Hardship is being worked',
  agencyPlacement: 'Placed with an agency',
};

/**
 * Words no dunning message may carry, per language (MC 18 s.2019 section 1): threats of violence or of what
 * cannot legally be done (nobody goes to jail for a debt in the Philippines: Constitution art. III sec. 20),
 * obscenities and insults, shaming or telling others, and false claims (a case filed, a warrant, a barangay
 * summons). Matched on whole words, accents and case ignored; a phrase matches its words in order. The list
 * catches the obvious; a person approving each template catches the rest.
 */
export const FORBIDDEN_WORDS: Record<Language, readonly string[]> = {
  en: [
    'jail',
    'prison',
    'imprisonment',
    'arrest',
    'arrested',
    'warrant',
    'police',
    'nbi',
    'criminal',
    'estafa',
    'kill',
    'hurt',
    'harm',
    'violence',
    'die',
    'shame',
    'expose',
    'publish',
    'post your',
    'social media',
    'facebook',
    'your contacts',
    'your family',
    'your employer',
    'your boss',
    'your neighbors',
    'barangay',
    'case filed',
    'subpoena',
    'lawsuit filed',
    'final warning',
    'scammer',
    'thief',
    'stupid',
    'idiot',
    'fool',
    'shit',
    'fuck',
    'damn',
    'bitch',
    'bastard',
  ],
  fil: [
    'kulong',
    'makukulong',
    'ikukulong',
    'ipapakulong',
    'bilangguan',
    'aresto',
    'aarestuhin',
    'huhulihin',
    'pulis',
    'warrant',
    'kakasuhan',
    'kaso',
    'estafa',
    'papatayin',
    'patay',
    'sasaktan',
    'ipapahiya',
    'kahihiyan',
    'ipopost',
    'ipo-post',
    'facebook',
    'social media',
    'contacts mo',
    'pamilya mo',
    'amo mo',
    'kapitbahay',
    'barangay',
    'magnanakaw',
    'manloloko',
    'scammer',
    'gago',
    'tanga',
    'bobo',
    'ulol',
    'tarantado',
    'hayop',
    'walanghiya',
    'putang',
    'puta',
    'leche',
    'bwisit',
  ],
  es: [
    'carcel',
    'prision',
    'arresto',
    'arrestado',
    'detenido',
    'orden de captura',
    'policia',
    'criminal',
    'penal',
    'estafa',
    'matar',
    'muerte',
    'danar',
    'violencia',
    'verguenza',
    'avergonzar',
    'exponer',
    'publicar',
    'redes sociales',
    'facebook',
    'sus contactos',
    'su familia',
    'su jefe',
    'su empleador',
    'sus vecinos',
    'barangay',
    'demanda presentada',
    'ultimo aviso',
    'ladron',
    'estafador',
    'idiota',
    'estupido',
    'imbecil',
    'mierda',
    'joder',
    'puta',
    'cabron',
  ],
};

/** A text as the word list reads it: lower case, accents off, words separated by single spaces. */
export function normalizedWords(text: string): string {
  return ` ${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/[^\p{L}\p{N}-]+/gu, ' ')
    .trim()} `;
}

/** The forbidden words or phrases a text carries, in the language it is written in (and English, often mixed in). */
export function forbiddenWordsIn(text: string, language: Language): string[] {
  const words = normalizedWords(text);
  const lists = language === 'en' ? [FORBIDDEN_WORDS.en] : [FORBIDDEN_WORDS[language], FORBIDDEN_WORDS.en];
  const found = new Set<string>();
  for (const list of lists)
    for (const entry of list) if (words.includes(normalizedWords(entry))) found.add(entry);
  return [...found];
}

/** The `{names}` a text uses. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] as string);
}

export interface TemplateProblems {
  /** `{names}` outside the closed list. */
  unknown: string[];
  /** Required placeholders the text leaves out (the lender's name and SEC numbers). */
  missing: DunningPlaceholder[];
  forbidden: string[];
}

/** What is wrong with one language's text of a template; all empty when nothing is. */
export function templateProblems(text: string, language: Language): TemplateProblems {
  const used = placeholdersIn(text);
  return {
    unknown: [...new Set(used.filter((name) => !(DUNNING_PLACEHOLDERS as readonly string[]).includes(name)))],
    missing: REQUIRED_PLACEHOLDERS.filter((name) => !used.includes(name)),
    forbidden: forbiddenWordsIn(text, language),
  };
}

/** A supervisor writes rules and templates; another supervisor or an admin approves them. */
export const DUNNING_MAKERS: readonly StaffRole[] = ['collectionsSupervisor', 'admin'];
export const DUNNING_CHECKERS: readonly StaffRole[] = ['collectionsSupervisor', 'admin'];

export const DUNNING_TEXT_MAX_LENGTH = 480;
const name = z.string().trim().min(3, 'tooShort').max(80, 'tooLong');
const text = z.string().trim().min(10, 'tooShort').max(DUNNING_TEXT_MAX_LENGTH, 'tooLong');
const packageName = z.string().trim().min(1, 'required').max(128, 'tooLong');

/** A template created (no templateId) or changed, as proposed. */
export const DunningTemplatePayload = z.object({
  packageName,
  templateId: z.uuid('invalid').nullable(),
  name,
  texts: z.object({ en: text, fil: text, es: text }),
  saysDisputed: z.boolean(),
});
export type DunningTemplatePayload = z.infer<typeof DunningTemplatePayload>;

/** A rule created (no ruleId) or changed, as proposed. */
export const DunningRulePayload = z
  .object({
    packageName,
    ruleId: z.uuid('invalid').nullable(),
    name,
    minDaysPastDue: z.number().int('invalid').min(1, 'tooSmall').max(3650, 'tooLarge'),
    maxDaysPastDue: z.number().int('invalid').min(1, 'tooSmall').max(3650, 'tooLarge').nullable(),
    channel: z.enum(DUNNING_CHANNELS),
    templateId: z.uuid('invalid'),
    everyDays: z.number().int('invalid').min(1, 'tooSmall').max(90, 'tooLarge'),
    maxSends: z.number().int('invalid').min(1, 'tooSmall').max(30, 'tooLarge'),
    stopWhen: z.array(z.enum(DUNNING_STOP_CONDITIONS)).max(DUNNING_STOP_CONDITIONS.length),
    active: z.boolean(),
  })
  .refine((rule) => rule.maxDaysPastDue === null || rule.maxDaysPastDue >= rule.minDaysPastDue, {
    path: ['maxDaysPastDue'],
    message: 'tooSmall',
  });
export type DunningRulePayload = z.infer<typeof DunningRulePayload>;

export const DunningTemplate = z.object({
  templateId: z.string(),
  brand: z.string(),
  name: z.string(),
  texts: z.object({ en: z.string(), fil: z.string(), es: z.string() }),
  saysDisputed: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type DunningTemplate = z.infer<typeof DunningTemplate>;

export const DunningRule = z.object({
  ruleId: z.string(),
  brand: z.string(),
  name: z.string(),
  minDaysPastDue: z.number().int(),
  maxDaysPastDue: z.number().int().nullable(),
  channel: z.enum(DUNNING_CHANNELS),
  templateId: z.string(),
  templateName: z.string(),
  everyDays: z.number().int(),
  maxSends: z.number().int(),
  stopWhen: z.array(z.enum(DUNNING_STOP_CONDITIONS)),
  active: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type DunningRule = z.infer<typeof DunningRule>;

/** The contact caps in force (dated data): every contact of a borrower counts, whoever makes it. */
export const ContactCaps = z.object({
  effectiveFrom: z.string(),
  dailyMax: z.number().int(),
  weeklyMax: z.number().int(),
});

export const DISPUTE_SOURCES = ['agent', 'borrower'] as const;
export const DISPUTE_OUTCOMES = ['upheld', 'rejected'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export const DISPUTE_OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  upheld: 'Upheld: the borrower is right',
  rejected: 'Rejected: the debt stands',
};

export const Dispute = z.object({
  disputeId: z.string(),
  caseId: z.string(),
  orderId: z.string(),
  source: z.enum(DISPUTE_SOURCES),
  reason: z.string(),
  openedBy: z.string().describe("the staff member's name"),
  openedAt: z.string(),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  resolution: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof Dispute>;

/** Who opens a dispute: the agent on the call, support for a borrower who wrote in, their supervisors. */
export const DISPUTE_OPENERS: readonly StaffRole[] = [
  'support',
  'collections',
  'collectionsSupervisor',
  'admin',
];
/** Who resolves one: never the agent working the case. */
export const DISPUTE_RESOLVERS: readonly StaffRole[] = ['reviewer', 'collectionsSupervisor', 'admin'];
const DISPUTE_READERS: readonly StaffRole[] = [
  'support',
  'reviewer',
  'collections',
  'collectionsSupervisor',
  'admin',
];
const DUNNING_READERS: readonly StaffRole[] = ['collections', 'collectionsSupervisor', 'admin'];
/** Who contacts borrowers from the console: agents, their supervisors, admins. */
const CONTACTERS: readonly StaffRole[] = ['collections', 'collectionsSupervisor', 'admin'];

/** May the borrower be contacted now, on this channel: the answer to show before an agent calls or texts. */
export const ContactCheck = z.object({
  allowed: z.boolean(),
  /** The guardrail that says no (an error code of the catalogue), and its words. */
  errorCode: z.number().int().nullable(),
  message: z.string().nullable(),
});

export const DUNNING_ENDPOINTS = {
  opsDunningView: opsEndpoint(
    'GET',
    '/collections/dunning',
    DUNNING_READERS,
    'The dunning rules and templates of the brands the member sees, and the contact caps in force.',
    z.object({}),
    z.object({ rules: z.array(DunningRule), templates: z.array(DunningTemplate), caps: ContactCaps }),
  ),
  opsContactCheck: opsEndpoint(
    'GET',
    '/collections/contact-check',
    CONTACTERS,
    'Whether the borrower of a case may be contacted now on a channel, by the MC 18 guardrails (her own number, quiet hours, caps, an open dispute). The case page asks before a call or a text.',
    z.object({
      caseId: z.uuid('invalid'),
      channel: z.enum(['call', 'sms', 'visit', 'email', 'letter']),
      saysDisputed: z.stringbool().optional(),
    }),
    ContactCheck,
  ),
  opsDisputeList: opsEndpoint(
    'GET',
    '/collections/disputes',
    DISPUTE_READERS,
    "A case's disputes, newest first.",
    z.object({ caseId: z.uuid('invalid') }),
    z.object({ items: z.array(Dispute) }),
  ),
  opsDisputeOpen: opsEndpoint(
    'POST',
    '/collections/disputes/open',
    DISPUTE_OPENERS,
    'Opens a dispute on a case: dunning and penalties pause until it is resolved; the borrower is told. 40957 when one is open.',
    z.object({
      caseId: z.uuid('invalid'),
      source: z.enum(DISPUTE_SOURCES),
      reason: z.string().trim().min(3, 'tooShort').max(2000, 'tooLong'),
    }),
    Dispute,
  ),
  opsDisputeResolve: opsEndpoint(
    'POST',
    '/collections/disputes/resolve',
    DISPUTE_RESOLVERS,
    'Resolves an open dispute, upheld or rejected, with what the review found; the borrower is told. 40958 when it is not open.',
    z.object({
      disputeId: z.uuid('invalid'),
      outcome: z.enum(DISPUTE_OUTCOMES),
      resolution: z.string().trim().min(3, 'tooShort').max(2000, 'tooLong'),
    }),
    Dispute,
  ),
} as const;
