import { BREACH_CATEGORIES, BREACH_CATEGORY_IDS, type BreachCategory } from '@hiram/contract/ops/breaches';
import type { Queryable } from '../../../db/database.ts';
import { manilaTime } from '../../../domain/servicing-rules.ts';
import { csvField } from '../../audit/audit.ts';
import { manilaStamp } from './register.ts';

/**
 * The annual security incident report (NPC Circular 16-03 sec. 22; the templates of NPC Advisory 2018-01,
 * Annex A): for a calendar year, the number of security incidents by type and of personal data breaches by
 * whether notice was mandatory, due by 31 March of the next year, filed even when nil. Built from the register
 * as CSV: the summary the NPC asks for, then one line per breach as evidence (no borrower named).
 */
export async function annualReportCsv(
  db: Queryable,
  input: { year: number; brand: string; lenderName: string; generatedAt: Date },
): Promise<{ csv: string; breaches: number }> {
  const rows = await db.query<{
    breach_id: string;
    category: BreachCategory;
    mandatory: boolean;
    discovered_at: Date | string;
    notify_by: Date | string;
    affected_count: number | string;
    npc_notified_at: Date | string | null;
    npc_reference: string | null;
    borrowers_notified_at: Date | string | null;
  }>(
    `select breach_id, category, mandatory, discovered_at, notify_by, affected_count, npc_notified_at,
       npc_reference, borrowers_notified_at
     from compliance_breaches
     where package_name = $1 and discovered_at >= $2 and discovered_at < $3
     order by discovered_at, breach_id`,
    [
      input.brand,
      manilaTime(`${input.year}-01-01`).toISOString(),
      manilaTime(`${input.year + 1}-01-01`).toISOString(),
    ],
  );
  const line = (...cells: unknown[]) => cells.map(csvField).join(',');
  const out: string[] = [
    line('Annual security incident report', input.year),
    line('Personal information controller', input.lenderName),
    line('Generated', manilaStamp(input.generatedAt)),
    '',
    line('Security incidents by type', 'Count'),
  ];
  for (const category of BREACH_CATEGORY_IDS)
    out.push(line(BREACH_CATEGORIES[category], rows.filter((r) => r.category === category).length));
  out.push(line('Total', rows.length), '');
  out.push(line('Personal data breaches', 'Count'));
  out.push(line('Mandatory notification', rows.filter((r) => r.mandatory).length));
  out.push(line('Voluntary notification', rows.filter((r) => !r.mandatory).length), '');
  out.push(
    line(
      'Breach',
      'Type',
      'Mandatory',
      'Discovered',
      'Data subjects affected',
      'NPC notified',
      'NPC reference',
      'Borrowers notified',
      'Within 72 hours',
    ),
  );
  for (const r of rows) {
    const notifyBy = new Date(r.notify_by).getTime();
    const inTime = (at: Date | string | null) => at !== null && new Date(at).getTime() <= notifyBy;
    out.push(
      line(
        r.breach_id,
        BREACH_CATEGORIES[r.category],
        r.mandatory ? 'yes' : 'no',
        manilaStamp(new Date(r.discovered_at)),
        Number(r.affected_count),
        r.npc_notified_at === null ? '' : manilaStamp(new Date(r.npc_notified_at)),
        r.npc_reference ?? '',
        r.borrowers_notified_at === null ? '' : manilaStamp(new Date(r.borrowers_notified_at)),
        inTime(r.npc_notified_at) && inTime(r.borrowers_notified_at) ? 'yes' : 'no',
      ),
    );
  }
  return { csv: `${out.join('\r\n')}\r\n`, breaches: rows.length };
}
