import { Page } from '../../components/page.tsx';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { faq } from './content/faq.ts';

/** FAQ: each question opens its answer (native details/summary: keyboard and screen readers for free). */
export function FaqScreen() {
  const { t, lang } = useI18n();
  return (
    <Page title={t('faq.title')}>
      <div className="card faq-list">
        {faq[lang].map((entry) => (
          <details key={entry.question} className="faq-item">
            <summary className="faq-question">{entry.question}</summary>
            <p className="faq-answer">{entry.answer}</p>
          </details>
        ))}
      </div>
    </Page>
  );
}
