import './promotions.css';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import {
  formatPhMobile,
  isPhMobile,
  MOBILE_INPUT_MAX_LENGTH,
  PH_MOBILE_EXAMPLE,
} from '@hiram/contract/mobile';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../components/text-field.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { useSession } from '../../lib/session.ts';
import { useSendSignInCode } from './api/send-sign-in-code.ts';
import { useDocumentTitle } from './components/document-title.ts';
import { OfferFacts, WithOffer } from './components/offer-facts.tsx';
import { promotionText } from './promotions-text.ts';

/**
 * /yx3: the campaign that asks for a mobile number: checked by the contract's rules here first, then a
 * sign-in code is sent and the web login screen opens at the code, with the number filled in.
 */
export function Yx3Screen() {
  const t = useFeatureText(promotionText);
  const { lang } = useI18n();
  const navigate = useNavigate();
  const sendCode = useSendSignInCode();
  const { token } = useSession();
  const [mobile, setMobile] = useState('');
  const [error, setError] = useState<string | undefined>();
  useDocumentTitle(t('yx3Title'));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = !mobile.trim() ? 'mobileRequired' : isPhMobile(mobile) ? null : 'invalidMobile';
    if (problem) {
      setError(FIELD_MESSAGES[problem][lang]);
      return;
    }
    setError(undefined);
    try {
      const sent = await sendCode.mutate(mobile);
      await navigate(paths.login.getHref({ mobile, sent: sent.resendAfterSeconds }));
    } catch (failure) {
      if (failure instanceof DuplicateSubmitError) return;
      const field = failure instanceof ApiError ? failure.fieldErrors.mobile : undefined;
      setError(field ?? errorMessage(failure));
    }
  };

  return (
    <main className="promo">
      <section className="promo-hero" aria-labelledby="promo-title">
        <h1 id="promo-title">{t('yx3Title')}</h1>
        <p>{t('yx3Lead')}</p>
      </section>
      {token ? (
        // Already signed in on this phone: no code needed.
        <Link className="button button-primary button-block" to={paths.home.getHref()}>
          {t('continueSignedIn')}
        </Link>
      ) : (
        <form className="promo-card auth-form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('mobileLabel')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={formatPhMobile(PH_MOBILE_EXAMPLE)}
            maxLength={MOBILE_INPUT_MAX_LENGTH}
            value={mobile}
            onChange={(event) => setMobile(event.target.value)}
            error={error}
          />
          <button type="submit" className="button button-primary button-block" disabled={sendCode.isPending}>
            {t('sendCode')}
          </button>
          <p className="fine-print">{t('privacyNote')}</p>
        </form>
      )}
      <WithOffer>
        {(offer) => (
          <section className="promo-hero">
            <OfferFacts offer={offer} />
          </section>
        )}
      </WithOffer>
    </main>
  );
}
