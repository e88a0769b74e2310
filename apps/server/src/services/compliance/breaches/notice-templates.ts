import type { Language } from '@hiram/contract/languages';

/**
 * The templates the breach notices are drafted from, as dated data (ADR 0087): a breach is drafted from the
 * version in force on the Manila day it was discovered, so a later wording never rewrites an old draft. A new
 * version is a new entry with the day it takes effect.
 *
 * What a notice must say (NPC Circular 16-03, sec. 17(D) to the Commission and 18(C) to the data subjects;
 * IRR of RA 10173 sec. 39): the nature of the breach, the personal data possibly involved, the measures taken
 * to address it and to reduce the harm, the assistance given, and whom to contact for more.
 *
 * Placeholders: {lender} {app} {discovered} {occurred} {summary} {data} {measures} {count} {contact}.
 */
export interface BreachNoticeTemplates {
  /** The Manila day this version takes effect. */
  from: string;
  source: string;
  /** To the NPC: in English, filed through the Commission's own channel. */
  npc: string;
  /** To each affected borrower, by SMS and in her inbox, in her language. */
  borrower: Record<Language, string>;
}

export const BREACH_NOTICE_TEMPLATES: readonly BreachNoticeTemplates[] = [
  {
    from: '2016-12-15',
    source: 'NPC Circular 16-03 (Personal Data Breach Management), sec. 17 and 18',
    npc: [
      'To the National Privacy Commission',
      'Notification of a personal data breach (NPC Circular 16-03, section 17)',
      '',
      'Personal information controller: {lender} ({app})',
      'Date and time the breach was discovered: {discovered} (Philippine time)',
      'Date and time the breach happened: {occurred}',
      'Nature of the breach: {summary}',
      'Personal data possibly involved: {data}',
      'Number of data subjects affected: {count}',
      'Measures taken to address the breach and to reduce the harm: {measures}',
      'Assistance to the data subjects: each is notified by SMS and in the app of what happened and what to do.',
      'Contact for more information: {contact}',
    ].join('\n'),
    borrower: {
      en: '{app}: On {discovered} we found a security incident that may have exposed your {data}. What we did: {measures} We never ask for your codes or password: ignore anyone who does. Questions: {contact}',
      fil: '{app}: Noong {discovered}, may natuklasan kaming insidente sa seguridad na maaaring naglantad ng iyong {data}. Ang ginawa namin: {measures} Hindi namin hinihingi ang iyong code o password: huwag pansinin ang sinumang humingi nito. Mga tanong: {contact}',
      es: '{app}: El {discovered} detectamos un incidente de seguridad que pudo exponer su {data}. Lo que hicimos: {measures} Nunca le pedimos sus códigos ni su contraseña: ignore a quien lo haga. Preguntas: {contact}',
    },
  },
];

/** The version in force on a Manila day (the earliest one for a day before every version). */
export function templatesOn(day: string): BreachNoticeTemplates {
  const sorted = [...BREACH_NOTICE_TEMPLATES].sort((a, b) => a.from.localeCompare(b.from));
  let chosen = sorted[0] as BreachNoticeTemplates;
  for (const version of sorted) if (version.from <= day) chosen = version;
  return chosen;
}

/** Fills `{name}` placeholders; an unknown one stays as written so a reader sees what is missing. */
export function fillPlaceholders(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
