import { Page } from '../../components/page.tsx';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { aboutUs } from './content/about-us.ts';

export function AboutUsScreen() {
  const { lang } = useI18n();
  const content = aboutUs[lang];
  return (
    <Page title={content.title}>
      <article className="card prose">
        {content.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </article>
    </Page>
  );
}
