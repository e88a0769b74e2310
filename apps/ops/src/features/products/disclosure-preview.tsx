import { buildDisclosure, type LenderDetails } from '@hiram/contract/disclosure';
import { disclosureSections } from '@hiram/contract/disclosure-text';
import { formatPeso } from '@hiram/contract/money';
import { COOLING_OFF_DEFAULT_DAYS } from '@hiram/contract/ops/brands';
import type { ProductTerms } from '@hiram/contract/ops/products';
import { quoteLoan } from '@hiram/contract/pricing';
import { manilaToday } from '@hiram/contract/profile';
import type { ChannelId } from '@hiram/contract/repayment';
import { useId, useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';

/** The smallest, a middle and the largest amount the terms offer, on their steps. */
function sampleAmounts(terms: ProductTerms): number[] {
  const steps = Math.floor((terms.maxAmount - terms.minAmount) / terms.amountStep);
  const middle = terms.minAmount + Math.floor(steps / 2) * terms.amountStep;
  return [...new Set([terms.minAmount, middle, terms.maxAmount])];
}

const NO_LENDER: LenderDetails = {
  corporateName: '(the brand’s lender)',
  secRegistrationNumber: '—',
  certificateOfAuthorityNumber: '—',
  address: '—',
  complaintsEmail: '—',
  complaintsPhone: '—',
};

/**
 * The Disclosure Statement a borrower would read for these terms, built by the contract's own functions (the
 * quote, the statement, its English text) for sample amounts, dated today, before anything is proposed. It
 * states the brand's cooling-off period as a statement signed today does (ADR 0038); before the brand is known,
 * the default period.
 */
export function DisclosurePreview({
  terms,
  lender,
  channels,
  coolingOffDays,
}: {
  terms: ProductTerms;
  lender: LenderDetails | null;
  channels: readonly ChannelId[];
  coolingOffDays: number | null;
}) {
  const id = useId();
  const amounts = sampleAmounts(terms);
  const [chosen, setChosen] = useState<{ amount: number; tenure: number } | null>(null);
  const amount = chosen && amounts.includes(chosen.amount) ? chosen.amount : (amounts[0] as number);
  const tenure =
    chosen && terms.tenureDays.includes(chosen.tenure) ? chosen.tenure : (terms.tenureDays[0] as number);
  const startDate = manilaToday();
  const statementOf = (principal: number, days: number) =>
    buildDisclosure({
      terms,
      quote: quoteLoan(terms, principal, days),
      startDate,
      lender: lender ?? NO_LENDER,
      repaymentChannels: channels,
      coolingOffDays: coolingOffDays ?? COOLING_OFF_DEFAULT_DAYS,
    });
  const samples = amounts.flatMap((principal) =>
    terms.tenureDays.map((days) => ({ principal, days, statement: statementOf(principal, days) })),
  );
  const sections = disclosureSections(statementOf(amount, tenure), 'en', (iso) => iso);

  return (
    <section aria-labelledby={`${id}-title`} className="preview">
      <h2 id={`${id}-title`}>Disclosure Statement preview</h2>
      <p className="hint">
        What a borrower would read today, for the smallest, a middle and the largest amount
        {coolingOffDays === null
          ? `, with the default cooling-off period of ${COOLING_OFF_DEFAULT_DAYS} days (the brand's own once it is chosen)`
          : ''}
        .
      </p>
      <DataTable
        label="Sample loans"
        rows={samples}
        rowKey={(s) => `${s.principal}-${s.days}`}
        columns={[
          { header: 'Principal', numeric: true, cell: (s) => formatPeso(s.principal) },
          { header: 'Term', numeric: true, cell: (s) => `${s.days} days` },
          { header: 'Net proceeds', numeric: true, cell: (s) => formatPeso(s.statement.netProceeds) },
          {
            header: 'Finance charges',
            numeric: true,
            cell: (s) => formatPeso(s.statement.financeCharges.total),
          },
          { header: 'Total to repay', numeric: true, cell: (s) => formatPeso(s.statement.totalPayable) },
          {
            header: 'Effective rate',
            numeric: true,
            cell: (s) => `${s.statement.effectiveMonthlyRatePercent}% a month`,
          },
          {
            header: 'Statement',
            cell: (s) =>
              s.principal === amount && s.days === tenure ? (
                <strong>Shown below</strong>
              ) : (
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => setChosen({ amount: s.principal, tenure: s.days })}
                >
                  Show {formatPeso(s.principal)}, {s.days} days
                </button>
              ),
          },
        ]}
      />
      <article
        className="statement"
        aria-label={`Disclosure Statement for ${formatPeso(amount)} over ${tenure} days`}
      >
        {sections.map((section) => (
          <section key={section.title}>
            <h3>{section.title}</h3>
            <dl>
              {section.rows.map((row) => (
                <div key={`${row.label}-${row.value}`} className={row.main ? 'main' : undefined}>
                  <dt>{row.label}</dt>
                  <dd>
                    {row.value}
                    {row.note ? <small>{row.note}</small> : null}
                  </dd>
                </div>
              ))}
            </dl>
            {section.note ? <p className="hint">{section.note}</p> : null}
          </section>
        ))}
      </article>
    </section>
  );
}
