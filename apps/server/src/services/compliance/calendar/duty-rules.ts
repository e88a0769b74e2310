import { addDays } from '../../../domain/servicing-rules.ts';

/**
 * Every dated duty of a Philippine online lender to its regulators, as dated data (ADR 0087): each version of
 * a rule applies to the periods whose due day falls on or after its `from` day (and before `until`), so a
 * regulator's new deadline is a new entry, not an edit that would move the days of duties already kept.
 * The sources are cited in each entry; `confirmed: false` marks a day no public source gave (checked with the
 * lender's counsel before relying on it).
 */
export type DutyCycle =
  /** One per calendar month, due on `day` of the month after. */
  | { every: 'month'; day: number }
  /** One per half year (H1 to 30 June, H2 to 31 December), due `daysAfterEnd` calendar days after it ends. */
  | { every: 'semester'; daysAfterEnd: number }
  /** One per calendar year, due on `month`-`day` of the year after. */
  | { every: 'year'; month: number; day: number }
  /** One per calendar year, due `daysAfterMeeting` days after the lender's annual meeting of that year. */
  | { every: 'year'; daysAfterMeeting: number };

export interface DutyRule {
  kind: string;
  title: string;
  regulator: 'CIC' | 'SEC' | 'NPC';
  /** The role reminded and expected to file it. */
  role: 'compliance' | 'finance';
  cycle: DutyCycle;
  /** The reminder is raised this many days before the due day. */
  remindDaysBefore: number;
  /** The first due day this version governs, and the day after its last (none: still in force). */
  from: string;
  until?: string;
  source: string;
  confirmed: boolean;
}

const SEC_LENDING_PAGE =
  "SEC, Reportorial requirements of lending companies (sec.gov.ph, 'Corporations with secondary licenses')";

export const DUTY_RULES: readonly DutyRule[] = [
  {
    kind: 'cicMonthly',
    title: 'CIC monthly credit data file',
    regulator: 'CIC',
    role: 'compliance',
    cycle: { every: 'month', day: 5 },
    remindDaysBefore: 4,
    from: '2021-01-01',
    source: 'RA 9510; CIC Circular 2 s.2021; due the 5th of the following month (creditinfo.gov.ph/node/512)',
    confirmed: true,
  },
  {
    kind: 'npcAnnualIncidentReport',
    title: 'NPC annual security incident report',
    regulator: 'NPC',
    role: 'compliance',
    cycle: { every: 'year', month: 3, day: 31 },
    remindDaysBefore: 30,
    from: '2018-01-01',
    source:
      'NPC Circular 16-03 sec. 22; NPC Advisory 2018-01: by 31 March for the year before, even when nil',
    confirmed: true,
  },
  {
    kind: 'secAfs',
    title: 'SEC audited financial statements (AFS)',
    regulator: 'SEC',
    role: 'finance',
    cycle: { every: 'year', month: 4, day: 15 },
    remindDaysBefore: 30,
    from: '2008-01-01',
    source: `${SEC_LENDING_PAGE}: fiscal year ending 31 December, on or before 15 April`,
    confirmed: true,
  },
  {
    kind: 'secLcfs',
    title: 'SEC special form of financial statements (LCFS)',
    regulator: 'SEC',
    role: 'finance',
    // 30 days after the AFS's 15 April.
    cycle: { every: 'year', month: 5, day: 15 },
    remindDaysBefore: 21,
    from: '2008-01-01',
    source: `${SEC_LENDING_PAGE}: within 30 days after the due date of the AFS`,
    confirmed: true,
  },
  {
    kind: 'secLcif',
    title: 'SEC interim semi-annual financial statements (LCIF)',
    regulator: 'SEC',
    role: 'finance',
    cycle: { every: 'semester', daysAfterEnd: 15 },
    remindDaysBefore: 10,
    from: '2008-01-01',
    until: '2013-01-15',
    source: 'IRR of RA 9474, rule 8(a): every 15 July and 15 January',
    confirmed: true,
  },
  {
    kind: 'secLcif',
    title: 'SEC interim semi-annual financial statements (LCIF)',
    regulator: 'SEC',
    role: 'finance',
    cycle: { every: 'semester', daysAfterEnd: 45 },
    remindDaysBefore: 14,
    from: '2013-01-15',
    source: `SEC MC 3 s.2013; ${SEC_LENDING_PAGE}: 45 days from the end of each semester`,
    confirmed: true,
  },
  {
    kind: 'secGis',
    title: 'SEC general information sheet (GIS)',
    regulator: 'SEC',
    role: 'compliance',
    cycle: { every: 'year', daysAfterMeeting: 30 },
    remindDaysBefore: 14,
    from: '2008-01-01',
    source: `${SEC_LENDING_PAGE}: within 30 calendar days from the annual stockholders' meeting`,
    confirmed: true,
  },
  {
    kind: 'secMc18Certificate',
    title: 'SEC MC 18 s.2019 sworn compliance certificate',
    regulator: 'SEC',
    role: 'compliance',
    cycle: { every: 'year', month: 4, day: 15 },
    remindDaysBefore: 30,
    from: '2020-01-01',
    source: `${SEC_LENDING_PAGE} lists it without a due day; kept with the AFS until the lender's counsel confirms`,
    confirmed: false,
  },
  {
    kind: 'secImpactReport',
    title: 'SEC annual impact report',
    regulator: 'SEC',
    role: 'compliance',
    cycle: { every: 'year', month: 1, day: 15 },
    remindDaysBefore: 30,
    from: '2020-01-01',
    source: 'REGULATION.md section 3 (15 January); not found in a public source searched',
    confirmed: false,
  },
];

export interface DutyOccurrence {
  rule: DutyRule;
  period: string;
  dueOn: string;
  remindOn: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The periods of a cycle that may fall due in `year` and its neighbours, with their due days. */
function candidates(
  cycle: DutyCycle,
  year: number,
  meetingDay: string | null,
): { period: string; dueOn: string }[] {
  if (cycle.every === 'month')
    return Array.from({ length: 12 }, (_, i) => {
      const next = i === 11 ? `${year + 1}-01` : `${year}-${pad(i + 2)}`;
      return { period: `${year}-${pad(i + 1)}`, dueOn: `${next}-${pad(cycle.day)}` };
    });
  if (cycle.every === 'semester')
    return [
      { period: `${year}-H1`, dueOn: addDays(`${year}-06-30`, cycle.daysAfterEnd) },
      { period: `${year}-H2`, dueOn: addDays(`${year}-12-31`, cycle.daysAfterEnd) },
    ];
  if ('daysAfterMeeting' in cycle) {
    if (meetingDay === null) return [];
    const [month, day] = meetingDay.split('-').map(Number) as [number, number];
    // A 29 February meeting day in a common year is held on the 28th.
    const held = `${year}-${pad(month)}-${pad(Math.min(day, Number(lastDayOfMonth(year, month).slice(8))))}`;
    return [{ period: String(year), dueOn: addDays(held, cycle.daysAfterMeeting) }];
  }
  return [{ period: String(year), dueOn: `${year + 1}-${pad(cycle.month)}-${pad(cycle.day)}` }];
}

/**
 * Every duty due from `fromDay` to `toDay` (both included), each from the version of its rule in force on its
 * due day. `meetingDay` (MM-DD) is the lender's annual meeting; without it the GIS is not dated yet.
 */
export function dutiesDue(fromDay: string, toDay: string, meetingDay: string | null): DutyOccurrence[] {
  const out: DutyOccurrence[] = [];
  const firstYear = Number(fromDay.slice(0, 4)) - 2;
  const lastYear = Number(toDay.slice(0, 4));
  for (const rule of DUTY_RULES)
    for (let year = firstYear; year <= lastYear; year += 1)
      for (const { period, dueOn } of candidates(rule.cycle, year, meetingDay)) {
        if (dueOn < fromDay || dueOn > toDay) continue;
        if (dueOn < rule.from || (rule.until !== undefined && dueOn >= rule.until)) continue;
        out.push({ rule, period, dueOn, remindOn: addDays(dueOn, -rule.remindDaysBefore) });
      }
  return out.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.rule.kind.localeCompare(b.rule.kind));
}

/** The current version of a kind's rule (its title, role and source), for a duty already stored. */
export function ruleOf(kind: string, dueOn: string): DutyRule | undefined {
  return (
    DUTY_RULES.find(
      (r) => r.kind === kind && r.from <= dueOn && (r.until === undefined || dueOn < r.until),
    ) ?? DUTY_RULES.find((r) => r.kind === kind)
  );
}

/** The first and last Manila days a period covers: `2026-10`, `2026-H1`, `2026`. */
export function periodDays(period: string): { from: string; to: string } {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  if (month) {
    const [, y, m] = month;
    return { from: `${y}-${m}-01`, to: lastDayOfMonth(Number(y), Number(m)) };
  }
  const half = /^(\d{4})-H([12])$/.exec(period);
  if (half) {
    const [, y, h] = half;
    return h === '1' ? { from: `${y}-01-01`, to: `${y}-06-30` } : { from: `${y}-07-01`, to: `${y}-12-31` };
  }
  return { from: `${period}-01-01`, to: `${period}-12-31` };
}
