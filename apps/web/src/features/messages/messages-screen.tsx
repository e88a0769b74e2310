import './messages.css';
import type { InboxMessage, MessageKind, MessagesPage } from '@hiram/contract/api/messages';
import type { Language } from '@hiram/contract/languages';
import { type ReactNode, useEffect, useState } from 'react';
import { ClockIcon, MailIcon, WalletIcon } from '../../components/extra-icons.tsx';
import { ShieldIcon, UserIcon } from '../../components/icons.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { Page } from '../../components/page.tsx';
import { ScreenSpinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { showToast } from '../../lib/toast.ts';
import { fetchMessagesPage, markMessagesRead, useNewestMessages } from './api/messages.ts';
import { type MessagesTextKey, messagesText } from './messages-text.ts';

const KIND_ICONS: Record<MessageKind, ReactNode> = {
  reminder: <ClockIcon />,
  signInAlert: <ShieldIcon />,
  accountChanged: <WalletIcon />,
  alreadyRegistered: <UserIcon />,
  paymentReceived: <WalletIcon />,
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
  const { t: common } = useI18n();
  const newest = useNewestMessages();
  // The pages as first shown: a refetch after marking them read must not wipe the marks off the screen.
  const [pages, setPages] = useState<MessagesPage[] | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);

  useEffect(() => {
    if (pages || !newest.data) return;
    setPages([newest.data]);
    const [latest] = newest.data.messages;
    if (latest && newest.data.unreadCount > 0) void markMessagesRead(latest.sentAt).catch(() => undefined);
  }, [pages, newest.data]);

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
    body =
      newest.status === 'error' ? (
        <LoadFailed title={t('loadFailed')} error={newest.error} onRetry={newest.refetch} />
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
