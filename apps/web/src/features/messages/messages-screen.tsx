import './messages.css';
import type { InboxMessage, MessageKind, MessagesPage } from '@hiram/contract/api/messages';
import type { Language } from '@hiram/contract/languages';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { ClockIcon, DocumentIcon, MailIcon, WalletIcon } from '../../components/extra-icons.tsx';
import { CheckIcon, InfoIcon, ShieldIcon, UserIcon } from '../../components/icons.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { Page } from '../../components/page.tsx';
import { ScreenSpinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { showToast } from '../../lib/toast.ts';
import { fetchMessagesPage, markMessagesRead } from './api/messages.ts';
import { type MessagesTextKey, messagesText } from './messages-text.ts';

const KIND_ICONS: Record<MessageKind, ReactNode> = {
  reminder: <ClockIcon />,
  signInAlert: <ShieldIcon />,
  accountChanged: <WalletIcon />,
  alreadyRegistered: <UserIcon />,
  promiseConfirmed: <ClockIcon />,
  paymentReceived: <WalletIcon />,
  paymentReceivedReversed: <InfoIcon />,
  paymentReversed: <InfoIcon />,
  penaltyWaived: <CheckIcon />,
  paymentCredited: <WalletIcon />,
  proofCredited: <WalletIcon />,
  proofRejected: <InfoIcon />,
  applicationApproved: <CheckIcon />,
  applicationApprovedLower: <CheckIcon />,
  applicationRejected: <DocumentIcon />,
  writtenOff: <DocumentIcon />,
  overpaymentRefunded: <WalletIcon />,
  loanCancelled: <DocumentIcon />,
  creditLineChanged: <WalletIcon />,
  creditLineFrozen: <WalletIcon />,
  reapplyAllowed: <DocumentIcon />,
  disputeOpened: <InfoIcon />,
  disputeUpheld: <CheckIcon />,
  disputeRejected: <InfoIcon />,
  restructureOffered: <DocumentIcon />,
  restructured: <DocumentIcon />,
  penaltiesPaused: <WalletIcon />,
  creditReportCorrected: <CheckIcon />,
  creditReportConfirmed: <InfoIcon />,
  dataBreach: <ShieldIcon />,
  personalDataCorrected: <CheckIcon />,
};

const LOCALES: Record<Language, string> = { en: 'en-PH', fil: 'fil-PH', es: 'es' };

/** "May 3, 2027, 9:05 AM" on the Manila clock, in the borrower's language. */
function sentOn(iso: string, lang: Language): string {
  return new Date(iso).toLocaleString(LOCALES[lang], {
    timeZone: 'Asia/Manila',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/**
 * messages (SPEC section 2, a protected screen): the borrower's inbox, newest first, a page at a time.
 * What was new when the screen opened keeps its mark while it is open; opening it marks everything read.
 */
export function MessagesScreen() {
  const t = useFeatureText(messagesText);
  const { t: common, lang } = useI18n();
  // The pages as first shown, fetched fresh on each visit (and in a new language): marking them read must
  // not wipe the marks off the screen, and a cached English receipt must not show after a language change.
  const [pages, setPages] = useState<MessagesPage[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const first = await fetchMessagesPage(1);
      setPages([first]);
      const [latest] = first.messages;
      if (latest && first.unreadCount > 0) await markMessagesRead(latest.sentAt).catch(() => undefined);
    } catch (error) {
      setLoadError(error);
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language asks again (receipts are worded in it).
  useEffect(() => {
    void load();
  }, [load, lang]);

  const showOlder = async () => {
    if (!pages || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const next = await fetchMessagesPage(pages.length + 1);
      setPages([...pages, next]);
    } catch (error) {
      showToast(`${t('olderFailed')} (${errorMessage(error)})`, { tone: 'error' });
    } finally {
      setLoadingOlder(false);
    }
  };

  let body: ReactNode;
  if (!pages) {
    body = loadError ? (
      <LoadFailed title={t('loadFailed')} error={loadError} onRetry={() => void load()} />
    ) : (
      <ScreenSpinner label={common('common.loading')} />
    );
  } else {
    const messages = pages.flatMap((page) => page.messages);
    const hasMore = pages[pages.length - 1]?.hasMore ?? false;
    body =
      messages.length === 0 ? (
        <StatusMessage icon={<MailIcon />} title={t('emptyTitle')} message={t('emptyHint')} />
      ) : (
        <>
          <ul className="messages-list" aria-label={t('listLabel')}>
            {messages.map((message) => (
              <li key={message.messageId}>
                <MessageCard message={message} t={t} />
              </li>
            ))}
          </ul>
          {hasMore ? (
            <button
              type="button"
              className="button button-secondary button-block"
              onClick={() => void showOlder()}
              disabled={loadingOlder}
            >
              {t('older')}
            </button>
          ) : null}
        </>
      );
  }

  return (
    <Page title={t('title')}>
      <div className="stack">
        <p className="lead">{t('intro')}</p>
        {body}
      </div>
    </Page>
  );
}

function MessageCard({ message, t }: { message: InboxMessage; t: FeatureTranslate<MessagesTextKey> }) {
  const { lang } = useI18n();
  return (
    <article className={message.unread ? 'message-card message-unread' : 'message-card'}>
      <span className="message-icon" aria-hidden="true">
        {KIND_ICONS[message.kind]}
      </span>
      <div className="message-main">
        <h2 className="message-title">
          {t(message.kind)}
          {message.unread ? <span className="message-new">{t('unread')}</span> : null}
        </h2>
        <p className="message-text">{message.text}</p>
        <p className="message-meta">
          <time dateTime={message.sentAt}>{sentOn(message.sentAt, lang)}</time>
          {' · '}
          {message.via === 'sms' ? t('viaSms') : t('viaApp')}
        </p>
      </div>
    </article>
  );
}
