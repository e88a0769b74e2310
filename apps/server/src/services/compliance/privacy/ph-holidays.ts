/**
 * Nationwide Philippine holidays on which offices close (regular holidays and special non-working days), as
 * proclaimed each year by the President (for 2026, Proclamation No. 1006 s. 2025). Kept as dated data: the
 * lender adds next year's list when it is proclaimed. Eid'l Fitr and Eid'l Adha are proclaimed separately
 * a few weeks before; add them when they are. A day past the list's last year counts weekends only, so the
 * clock errs on the early side (a deadline never moves later than the law allows).
 */
export interface Holiday {
  on: string;
  name: string;
}

export const PH_HOLIDAYS: readonly Holiday[] = [
  { on: '2026-01-01', name: 'New Year’s Day' },
  { on: '2026-02-17', name: 'Chinese New Year' },
  { on: '2026-04-02', name: 'Maundy Thursday' },
  { on: '2026-04-03', name: 'Good Friday' },
  { on: '2026-04-04', name: 'Black Saturday' },
  { on: '2026-04-09', name: 'Araw ng Kagitingan' },
  { on: '2026-05-01', name: 'Labor Day' },
  { on: '2026-06-12', name: 'Independence Day' },
  { on: '2026-08-21', name: 'Ninoy Aquino Day' },
  { on: '2026-08-31', name: 'National Heroes Day' },
  { on: '2026-11-01', name: 'All Saints’ Day' },
  { on: '2026-11-02', name: 'All Souls’ Day' },
  { on: '2026-11-30', name: 'Bonifacio Day' },
  { on: '2026-12-08', name: 'Feast of the Immaculate Conception' },
  { on: '2026-12-24', name: 'Christmas Eve' },
  { on: '2026-12-25', name: 'Christmas Day' },
  { on: '2026-12-30', name: 'Rizal Day' },
  { on: '2026-12-31', name: 'Last day of the year' },
  { on: '2027-01-01', name: 'New Year’s Day' },
  { on: '2027-02-06', name: 'Chinese New Year' },
  { on: '2027-03-25', name: 'Maundy Thursday' },
  { on: '2027-03-26', name: 'Good Friday' },
  { on: '2027-03-27', name: 'Black Saturday' },
  { on: '2027-04-09', name: 'Araw ng Kagitingan' },
  { on: '2027-05-01', name: 'Labor Day' },
  { on: '2027-06-12', name: 'Independence Day' },
  { on: '2027-08-21', name: 'Ninoy Aquino Day' },
  { on: '2027-08-30', name: 'National Heroes Day' },
  { on: '2027-11-01', name: 'All Saints’ Day' },
  { on: '2027-11-02', name: 'All Souls’ Day' },
  { on: '2027-11-30', name: 'Bonifacio Day' },
  { on: '2027-12-08', name: 'Feast of the Immaculate Conception' },
  { on: '2027-12-24', name: 'Christmas Eve' },
  { on: '2027-12-25', name: 'Christmas Day' },
  { on: '2027-12-30', name: 'Rizal Day' },
  { on: '2027-12-31', name: 'Last day of the year' },
];
