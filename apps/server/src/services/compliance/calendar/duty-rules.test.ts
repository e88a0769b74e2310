import { describe, expect, it } from 'vitest';
import { dutiesDue, periodDays } from './duty-rules.ts';

const due = (from: string, to: string, meetingDay: string | null = null) =>
  dutiesDue(from, to, meetingDay).map((d) => `${d.rule.kind} ${d.period} ${d.dueOn} ${d.remindOn}`);

describe('the dated duty rules (ADR 0087)', () => {
  it('dates the CIC file on the 5th of the next month, reminded four days before', () => {
    expect(due('2026-12-01', '2027-01-10').filter((d) => d.startsWith('cic'))).toEqual([
      'cicMonthly 2026-11 2026-12-05 2026-12-01',
      'cicMonthly 2026-12 2027-01-05 2027-01-01',
    ]);
  });

  it('takes the LCIF from the version in force on its due day: 15 days, then 45 from 2013', () => {
    const lcif = (from: string, to: string) => due(from, to).filter((d) => d.startsWith('secLcif'));
    expect(lcif('2012-07-01', '2012-07-31')).toEqual(['secLcif 2012-H1 2012-07-15 2012-07-05']);
    // The second semester of 2012 is the first under SEC MC 3 s.2013: 45 days, 14 February.
    expect(lcif('2013-01-01', '2013-03-31')).toEqual(['secLcif 2012-H2 2013-02-14 2013-01-31']);
    expect(lcif('2026-08-01', '2026-08-31')).toEqual(['secLcif 2026-H1 2026-08-14 2026-07-31']);
  });

  it('dates the yearly reports in the year after their period, and the GIS from the meeting day', () => {
    const year = due('2027-01-01', '2027-12-31', '02-29');
    expect(year).toContain('npcAnnualIncidentReport 2026 2027-03-31 2027-03-01');
    expect(year).toContain('secAfs 2026 2027-04-15 2027-03-16');
    expect(year).toContain('secLcfs 2026 2027-05-15 2027-04-24');
    expect(year).toContain('secImpactReport 2026 2027-01-15 2026-12-16');
    // A 29 February meeting day is held on the 28th in a common year.
    expect(year).toContain('secGis 2027 2027-03-30 2027-03-16');
    expect(due('2027-01-01', '2027-12-31').some((d) => d.startsWith('secGis'))).toBe(false);
  });

  it('knows the days a period covers', () => {
    expect(periodDays('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodDays('2026-H2')).toEqual({ from: '2026-07-01', to: '2026-12-31' });
    expect(periodDays('2026')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });
});
