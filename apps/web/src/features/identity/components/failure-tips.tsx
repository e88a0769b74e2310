import { InfoIcon } from '../../../components/icons.tsx';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import type { IdentityCard } from '../api/get-identity-card.ts';
import type { IdentityTextKey } from '../identity-text.ts';

type Failure = NonNullable<IdentityCard['failure']> | 'timeout';

const TIPS: Record<Failure, readonly IdentityTextKey[]> = {
  blurry: ['blurry.1', 'blurry.2', 'blurry.3', 'blurry.4'],
  glare: ['glare.1', 'glare.2', 'glare.3', 'glare.4'],
  notAnId: ['notAnId.1', 'notAnId.2', 'notAnId.3', 'notAnId.4'],
  faceNotFound: ['faceNotFound.1', 'faceNotFound.2', 'faceNotFound.3', 'faceNotFound.4'],
  faceMismatch: ['faceMismatch.1', 'faceMismatch.2', 'faceMismatch.3', 'faceMismatch.4'],
  timeout: ['timeout.1', 'timeout.2'],
};

/**
 * Why a read or a face match failed, in the borrower's words, with what to do about it. A failure without
 * a reason is a provider that did not answer in time.
 */
export function FailureTips({
  title,
  failure,
  next,
  t,
}: {
  title: string;
  failure: IdentityCard['failure'];
  next: string;
  t: FeatureTranslate<IdentityTextKey>;
}) {
  const reason: Failure = failure ?? 'timeout';
  return (
    <section className="failure-card" role="alert" aria-labelledby="failure-title">
      <div className="failure-head">
        <span className="failure-icon">
          <InfoIcon />
        </span>
        <div>
          <h2 id="failure-title" className="failure-title">
            {title}
          </h2>
          <p className="failure-reason">{t(`${reason}.title`)}</p>
        </div>
      </div>
      <h3 className="failure-tips-title">{t('tipsTitle')}</h3>
      <ul className="failure-tips">
        {TIPS[reason].map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p className="failure-next">{next}</p>
    </section>
  );
}
