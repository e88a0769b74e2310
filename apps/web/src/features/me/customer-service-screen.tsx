import type { ReactNode } from 'react';
import { ClockIcon, CopyIcon, HeadsetIcon, MailIcon, PhoneIcon } from '../../components/extra-icons.tsx';
import { Page } from '../../components/page.tsx';
import { ScreenSpinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { showToast } from '../../lib/toast.ts';
import { useCustomerService } from './api/get-customer-service.ts';

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

/** Customer service (SPEC section 2): the brand's own e-mail and phone, to tap or to copy. */
export function CustomerServiceScreen() {
  const { t } = useI18n();
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
    const { appName, email, phone, hours } = contacts.data;
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
      </>
    );
  }

  return <Page title={t('support.title')}>{body}</Page>;
}
