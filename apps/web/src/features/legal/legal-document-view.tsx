import { Page } from '../../components/page.tsx';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import type { LegalDocument } from './content/legal-document.ts';

function formatDate(iso: string, lang: string): string {
  const date = new Date(`${iso}T00:00:00+08:00`);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = lang === 'fil' ? 'fil-PH' : lang === 'es' ? 'es' : 'en-PH';
  return date.toLocaleDateString(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Asia/Manila',
  });
}

/** A legal page as headed sections, in the borrower's language. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const { t, lang } = useI18n();
  return (
    <Page title={document.title}>
      <article className="card prose legal">
        <p className="legal-updated">{t('legal.updated', { date: formatDate(document.updated, lang) })}</p>
        {document.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </Page>
  );
}
