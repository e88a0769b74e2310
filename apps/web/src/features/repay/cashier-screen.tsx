import './repay.css';
import { ERRORS } from '@hiram/contract/errors';
import { formatPeso } from '@hiram/contract/money';
import { type ChannelId, CREDITING_MINUTES } from '@hiram/contract/repayment';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { showToast } from '../../lib/toast.ts';
import { useCollectionChannels } from './api/get-collection-channels.ts';
import { useOpenInstrument } from './api/open-instrument.ts';
import { ChannelMenu } from './components/channel-menu.tsx';
import { PaymentReferenceBlock } from './components/payment-reference-block.tsx';
import { type PaymentLink, readPaymentLink, screenOfChannel } from './repay-rules.ts';
import { type RepayTextKey, repayText } from './repay-text.ts';

/**
 * cashier (SPEC section 2): the channels the brand has open, e-wallets first, then counters and banks (all
 * Philippine). A code channel opens its own screen, which asks for the code; a checkout channel goes
 * straight to the provider's page.
 */
export function CashierScreen() {
  const t = useFeatureText(repayText);
  const [search] = useSearchParams();
  const read = readPaymentLink(search);
  return (
    <Page title={t('cashierTitle')}>
      {read.ok && read.link.amount > 0 ? (
        <Channels t={t} link={read.link} />
      ) : (
        <BadLink t={t} message={read.ok ? 'notInteger' : read.message} />
      )}
    </Page>
  );
}

export function BadLink({ t, message }: { t: FeatureTranslate<RepayTextKey>; message: RepayTextKey }) {
  return (
    <StatusMessage role="alert" title={t(message, { min: '', max: '', due: '' })}>
      <Link className="button button-primary" to={paths.repayDetail.getHref()} replace>
        {t('backToDetail')}
      </Link>
    </StatusMessage>
  );
}

function Channels({ t, link }: { t: FeatureTranslate<RepayTextKey>; link: PaymentLink }) {
  const { t: common } = useI18n();
  const navigate = useNavigate();
  const channels = useCollectionChannels();
  const open = useOpenInstrument();
  // The server's refusal of a channel the lender closed after this list was loaded.
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalRef = useRef<HTMLParagraphElement>(null);
  // The row tapped may be far below the list's top, where the refusal shows: bring it into view.
  useEffect(() => {
    if (refusal) refusalRef.current?.scrollIntoView({ block: 'center' });
  }, [refusal]);

  const choose = async (channel: ChannelId) => {
    const screen = screenOfChannel(channel);
    if (screen) {
      navigate(paths[screen].getHref({ ...link, channel }));
      return;
    }
    setRefusal(null);
    try {
      const instrument = await open.mutate({ ...link, channel });
      if (instrument.checkoutUrl) window.location.assign(instrument.checkoutUrl);
    } catch (error) {
      if (error instanceof DuplicateSubmitError) return;
      if (error instanceof ApiError && error.code === ERRORS.NO_PAYMENT_METHOD.code) {
        setRefusal(errorMessage(error));
        channels.refetch();
      } else if (error instanceof ApiError) showToast(errorMessage(error), { tone: 'error' });
    }
  };

  if (!channels.data) {
    return channels.status === 'error' ? (
      <StatusMessage role="alert" title={common('common.loadFailed')}>
        <button type="button" className="button button-primary" onClick={channels.refetch}>
          {common('common.retry')}
        </button>
      </StatusMessage>
    ) : (
      <div className="repay-loading">
        <Spinner label={common('common.loading')} />
      </div>
    );
  }
  const anyOpen = channels.data.channels.some((channel) => channel.open);
  return (
    <div className="repay">
      <PaymentReferenceBlock orderNo={link.orderNo} />
      <p className="repay-cashier-amount">{t('cashierAmount', { amount: formatPeso(link.amount) })}</p>
      {/* Checkout channels open the provider's page at once: the promises come before the choice. */}
      {anyOpen ? (
        <>
          <p className="notice repay-crediting">{t('creditingTime', { minutes: CREDITING_MINUTES })}</p>
          <p className="notice repay-warning" role="note">
            {t('noPersonalAccountCashier')}
          </p>
        </>
      ) : null}
      {refusal ? (
        <p ref={refusalRef} className="form-error" role="alert">
          {refusal}
        </p>
      ) : null}
      <ChannelMenu
        t={t}
        channels={channels.data.channels}
        disabled={open.isPending}
        onChoose={(channel) => void choose(channel)}
      />
    </div>
  );
}
