import type { DisclosureStatement } from '@hiram/contract/disclosure';
import { type DisclosureRow, disclosureSections } from '@hiram/contract/disclosure-text';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { agreementText } from './agreement-text.ts';
import { formatManilaDate } from './borrow-text.ts';

/**
 * A figure sits beside its label; a term in words (the penalty, the cap, the channels, the address) reads
 * as a paragraph under it, as in a printed statement, never squeezed into a narrow right-hand column.
 */
function factClass(row: DisclosureRow): string {
  if (row.prose) return 'borrow-fact borrow-fact-prose';
  return row.main ? 'borrow-fact borrow-fact-main' : 'borrow-fact';
}

/** The Disclosure Statement as cards of label and figure, readable on a phone; shared by both signing screens. */
export function DisclosureStatementView({ statement }: { statement: DisclosureStatement }) {
  const t = useFeatureText(agreementText);
  const { lang } = useI18n();
  const sections = disclosureSections(statement, lang, (date) => formatManilaDate(date, lang));
  return (
    <div className="borrow">
      <p className="lead">{t('statementIntro')}</p>
      {sections.map((section) => (
        <section key={section.title} className="card borrow-preview">
          <h2 className="card-title">{section.title}</h2>
          <dl className="borrow-facts">
            {section.rows.map((row) => (
              <div key={row.label} className={factClass(row)}>
                <dt>{row.label}</dt>
                <dd>
                  <span>{row.value}</span>
                  {row.note ? <span className="borrow-fact-note">{row.note}</span> : null}
                </dd>
              </div>
            ))}
          </dl>
          {section.note ? <p className="borrow-fact-note">{section.note}</p> : null}
        </section>
      ))}
    </div>
  );
}
