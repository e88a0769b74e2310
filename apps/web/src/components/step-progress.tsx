import './step-progress.css';
import { APPLICATION_JOURNEY } from '@hiram/contract/api/application';
import { useContext } from 'react';
import { type FeatureText, useFeatureText } from '../lib/i18n/feature-text.ts';
import { ApplicationStepContext } from './application-step-context.ts';

const en = { step: 'Step {n} of {total}' };
const text: FeatureText<keyof typeof en> = {
  en,
  fil: { step: 'Hakbang {n} sa {total}' },
  es: { step: 'Paso {n} de {total}' },
};

/** "Step 2 of 6" and a bar of the six steps, under the title of an application screen. */
export function StepProgress() {
  const t = useFeatureText(text);
  const step = useContext(ApplicationStepContext);
  if (!step) return null;
  const at = APPLICATION_JOURNEY.indexOf(step);
  return (
    <div className="step-progress">
      <p className="step-progress-label">{t('step', { n: at + 1, total: APPLICATION_JOURNEY.length })}</p>
      <div className="step-progress-bar" aria-hidden="true">
        {APPLICATION_JOURNEY.map((name, index) => (
          <span key={name} className={index <= at ? 'is-reached' : undefined} />
        ))}
      </div>
    </div>
  );
}
