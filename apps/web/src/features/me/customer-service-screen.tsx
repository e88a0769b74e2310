import type { ReactNode } from 'react';
import { ClockIcon, CopyIcon, HeadsetIcon, MailIcon, PhoneIcon } from '../../components/extra-icons.tsx';
import { Page } from '../../components/page.tsx';
import { ScreenSpinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { showToast } from '../../lib/toast.ts';
import { useCustomerService } from './api/get-customer-service.ts';
import { customerServiceText } from './customer-service-text.ts';

function ContactRow({
  icon,
  label,
  value,
  href,
  linkLabel,
  copyLabel,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  href: string;
  linkLabel: string;
  copyLabel: string;
}) {
  const { t } = useI18n();
  const copy = async () => {
    const copied = await copyText(value);
    showToast(copied ? t('common.copied') : t('common.copyFailed'), { tone: copied ? 'success' : 'error' });
  };
  return (
    <li className="contact-row">
      <span className="contact-icon">{icon}</span>
      <div className="contact-text">
        <span className="contact-label">{label}</span>
        <a className="contact-value" href={href} aria-label={linkLabel}>
          {value}
        </a>
      </div>
      <button type="button" className="icon-button icon-button-soft" onClick={copy} aria-label={copyLabel}>
        <CopyIcon />
      </button>
    </li>
  );
}

/**
 * Customer service (SPEC section 2): the brand's own e-mail and phone, to tap or to copy, and the lender's
 * registration (docs/terms.md).
 */
export function CustomerServiceScreen() {
  const { t } = useI18n();
  const text = useFeatureText(customerServiceText);
  const contacts = useCustomerService();

  let body: ReactNode;
  if (contacts.status === 'pending') {
    body = <ScreenSpinner label={t('common.loading')} />;
  } else if (!contacts.data) {
    body = (
      <StatusMessage title={t('common.loadFailed')} message={errorMessage(contacts.error)} role="alert">
        <button type="button" className="button button-primary" onClick={contacts.refetch}>
          {t('common.retry')}
        </button>
      </StatusMessage>
    );
  } else {
    const { appName, email, phone, hours, lender } = contacts.data;
    body = (
      <>
        <section className="support-hero">
          <span className="support-hero-icon" aria-hidden="true">
            <HeadsetIcon />
          </span>
          <h2 className="support-brand">{appName}</h2>
          <p className="support-intro">{t('support.intro')}</p>
        </section>
        <ul className="card contact-list">
          <ContactRow
            icon={<MailIcon />}
            label={t('support.email')}
            value={email}
            href={`mailto:${email}`}
            linkLabel={t('support.writeTo', { email })}
            copyLabel={t('support.copyEmail')}
          />
          <ContactRow
            icon={<PhoneIcon />}
            label={t('support.phone')}
            value={phone}
            href={`tel:${phone.replace(/[^\d+]/g, '')}`}
            linkLabel={t('support.call', { phone })}
            copyLabel={t('support.copyPhone')}
          />
          {hours ? (
            <li className="contact-row">
              <span className="contact-icon">
                <ClockIcon />
              </span>
              <div className="contact-text">
                <span className="contact-label">{t('support.hours')}</span>
                <span className="contact-plain">{hours}</span>
              </div>
            </li>
          ) : null}
        </ul>
        {lender.corporateName ? (
          <section className="card" aria-labelledby="lender-title">
            <h2 id="lender-title" className="card-title">
              {text('lenderTitle')}
            </h2>
            <dl>
              <div className="fact">
                <dt>{text('corporateName')}</dt>
                <dd>{lender.corporateName}</dd>
              </div>
              <div className="fact">
                <dt>{text('secRegistration')}</dt>
                <dd>{lender.secRegistrationNumber}</dd>
              </div>
              <div className="fact">
                <dt>{text('certificateOfAuthority')}</dt>
                <dd>{lender.certificateOfAuthorityNumber}</dd>
              </div>
            </dl>
          </section>
        ) : null}
      </>
    );
  }

  return <Page title={t('support.title')}>{body}</Page>;
}
