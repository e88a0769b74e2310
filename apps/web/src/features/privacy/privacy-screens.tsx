import './privacy.css';
import {
  CORRECTABLE_FIELD_LABELS,
  CORRECTABLE_FIELDS,
  CORRECTION_TEXT_MAX_LENGTH,
  type CorrectableField,
} from '@hiram/contract/api/privacy';
import { VERIFY_CODE_LENGTH } from '@hiram/contract/auth-rules';
import type { RateLimitData } from '@hiram/contract/envelope';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { formatPhMobile } from '@hiram/contract/mobile';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { ChoiceField } from '../../components/choice-field.tsx';
import { DocumentIcon, DownloadIcon } from '../../components/extra-icons.tsx';
import { CheckIcon, UserIcon } from '../../components/icons.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { type MenuItem, MenuList } from '../../components/menu-list.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { paths } from '../../config/paths.ts';
import { useCountdown } from '../../hooks/use-countdown.ts';
import { ApiError, errorMessage, NetworkError } from '../../lib/api-client.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { formatManilaDate } from '../../lib/i18n/format-date.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { showToast } from '../../lib/toast.ts';
import {
  type MyPrivacyRequest,
  useAskCorrection,
  useAskErasure,
  useDownloadMyData,
  useMyPrivacyRequests,
  useSendPrivacyCode,
} from './api/privacy.ts';
import { type PrivacyTextKey, privacyText } from './privacy-text.ts';

/** The answers to a code that was not accepted: shown under the code field, not as a toast. */
const CODE_ERRORS = new Set([40006, 40007, 40008]);

type T = FeatureTranslate<PrivacyTextKey>;

/**
 * Me → Privacy (issue 23, ADR 0086): her rights in plain words, the three requests, and what became of the
 * ones she made, with the day we answer by and our written answer.
 */
export function PrivacyScreen() {
  const t = useFeatureText(privacyText);
  const items: MenuItem[] = [
    { label: t('download'), icon: <DownloadIcon />, to: paths.privacyDownload.getHref() },
    { label: t('correct'), icon: <DocumentIcon />, to: paths.privacyCorrect.getHref() },
    { label: t('delete'), icon: <UserIcon />, to: paths.privacyDelete.getHref() },
  ];
  return (
    <Page title={t('title')}>
      <div className="stack">
        <p className="lead">{t('lead')}</p>
        <MenuList items={items} />
        <MyRequests t={t} />
      </div>
    </Page>
  );
}

function MyRequests({ t }: { t: T }) {
  const { lang } = useI18n();
  const requests = useMyPrivacyRequests();
  let body: ReactNode;
  if (requests.status === 'error' && !requests.data) {
    body = <LoadFailed title={t('requestsFailed')} error={requests.error} onRetry={requests.refetch} />;
  } else if (!requests.data) {
    body = (
      <div className="privacy-loading">
        <Spinner label={t('requestsTitle')} />
      </div>
    );
  } else if (requests.data.length === 0) {
    body = <p className="fine-print">{t('requestsEmpty')}</p>;
  } else {
    body = (
      <ul className="privacy-requests">
        {requests.data.map((request) => (
          <RequestCard key={request.requestId} request={request} t={t} lang={lang} />
        ))}
      </ul>
    );
  }
  return (
    <section className="stack" aria-labelledby="privacy-requests-title">
      <h2 className="privacy-heading" id="privacy-requests-title">
        {t('requestsTitle')}
      </h2>
      {body}
    </section>
  );
}

const KIND_KEYS: Record<MyPrivacyRequest['kind'], PrivacyTextKey> = {
  access: 'kindAccess',
  portability: 'kindPortability',
  correction: 'kindCorrection',
  erasure: 'kindErasure',
};
const STATUS_KEYS: Record<MyPrivacyRequest['status'], PrivacyTextKey> = {
  open: 'statusOpen',
  answered: 'statusAnswered',
  refused: 'statusRefused',
};

function RequestCard({
  request,
  t,
  lang,
}: {
  request: MyPrivacyRequest;
  t: T;
  lang: ReturnType<typeof useI18n>['lang'];
}) {
  const field = request.field ? CORRECTABLE_FIELD_LABELS[request.field][lang] : '';
  return (
    <li className="card privacy-request">
      <div className="privacy-request-head">
        <h3 className="privacy-request-title">{t(KIND_KEYS[request.kind], { field })}</h3>
        <span className={`privacy-status privacy-status-${request.status}`}>
          {t(STATUS_KEYS[request.status])}
        </span>
      </div>
      <p className="fine-print">{t('askedOn', { date: formatManilaDate(request.receivedAt, lang) })}</p>
      {request.status === 'open' ? (
        <p className="privacy-due">{t('dueBy', { date: formatManilaDate(request.dueOn, lang) })}</p>
      ) : request.answeredAt ? (
        <p className="fine-print">{t('answeredOn', { date: formatManilaDate(request.answeredAt, lang) })}</p>
      ) : null}
      {request.answer ? (
        <div className="privacy-answer">
          <h4 className="privacy-answer-title">{t('ourAnswer')}</h4>
          <p>{request.answer}</p>
        </div>
      ) : null}
    </li>
  );
}

/** The code part of every request: Send code, the field, and the message when the code was refused. */
function useCodeStep(t: T) {
  const { lang } = useI18n();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sendCode = useSendPrivacyCode();
  const countdown = useCountdown();

  const focus = () => document.querySelector<HTMLInputElement>('[data-field="code"]')?.focus();

  const onSend = async () => {
    try {
      const sent = await sendCode.mutate(undefined);
      countdown.start(sent.resendAfterSeconds);
      setSentTo(sent.mobile);
      setError(undefined);
      showToast(t('codeSent', { mobile: formatPhMobile(sent.mobile) }), { tone: 'success' });
      focus();
    } catch (caught) {
      if (caught instanceof DuplicateSubmitError || caught instanceof NetworkError) return;
      if (caught instanceof ApiError && caught.status === 429) {
        const wait = (caught.data as Partial<RateLimitData> | null)?.retryAfterSeconds;
        if (typeof wait === 'number' && wait > 0) countdown.start(wait);
      }
      showToast(errorMessage(caught), { tone: 'error' });
    }
  };

  /** The code when it has the right form; otherwise says what is missing under the field. */
  const ready = (): string | null => {
    if (code.length === 0) {
      setError(FIELD_MESSAGES.codeRequired[lang]);
      focus();
      return null;
    }
    if (code.length !== VERIFY_CODE_LENGTH) {
      setError(FIELD_MESSAGES.invalidCode[lang]);
      focus();
      return null;
    }
    return code;
  };

  /** A refused request: a refused code under its field; anything else said in a toast. */
  const refused = (caught: unknown, onFields?: (fields: Record<string, string>) => void) => {
    if (caught instanceof DuplicateSubmitError || caught instanceof NetworkError) return;
    if (caught instanceof ApiError && CODE_ERRORS.has(caught.code)) {
      setError(caught.message);
      focus();
      return;
    }
    if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0) {
      const { code: codeProblem, ...others } = caught.fieldErrors;
      if (codeProblem) setError(codeProblem);
      onFields?.(others);
    }
    showToast(errorMessage(caught), { tone: 'error' });
  };

  const field = (
    <>
      <p className="privacy-code-intro">{t('codeIntro')}</p>
      <TextField
        label={t('code')}
        hint={sentTo ? t('codeHint', { mobile: formatPhMobile(sentTo) }) : undefined}
        value={code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFY_CODE_LENGTH}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, ''));
          setError(undefined);
        }}
        error={error}
        data-field="code"
        action={
          <button
            type="button"
            className="field-action"
            onClick={() => void onSend()}
            disabled={countdown.secondsLeft > 0 || sendCode.isPending}
          >
            {countdown.secondsLeft > 0 ? t('resendIn', { seconds: countdown.secondsLeft }) : t('sendCode')}
          </button>
        }
      />
    </>
  );
  return { field, ready, refused };
}

function BackToPrivacy({ t }: { t: T }) {
  return (
    <Link className="button button-secondary" to={paths.privacy.getHref()} replace>
      {t('backToPrivacy')}
    </Link>
  );
}

/** Download my data: the code, then the ZIP at once. */
export function PrivacyDownloadScreen() {
  const t = useFeatureText(privacyText);
  const codeStep = useCodeStep(t);
  const download = useDownloadMyData();
  const [saved, setSaved] = useState<string | null>(null);

  const submit = async () => {
    const code = codeStep.ready();
    if (!code) return;
    try {
      setSaved(await download.mutate(code));
    } catch (caught) {
      codeStep.refused(caught);
    }
  };

  return (
    <Page title={t('download')}>
      {saved ? (
        <StatusMessage
          icon={<CheckIcon />}
          title={t('downloadedTitle')}
          message={t('downloadedHint', { file: saved })}
        >
          <BackToPrivacy t={t} />
        </StatusMessage>
      ) : (
        <div className="stack">
          <p className="lead">{t('downloadLead')}</p>
          <p className="lead">{t('downloadFiles')}</p>
          <p className="notice">{t('downloadKeepSafe')}</p>
          {codeStep.field}
          <button type="button" className="button button-primary button-block" onClick={() => void submit()}>
            {t('downloadButton')}
          </button>
        </div>
      )}
    </Page>
  );
}

/** The texts of a correction, with what is wrong with each before anything is sent. */
interface CorrectionDraft {
  field: CorrectableField | null;
  whatIsWrong: string;
  shouldBe: string;
}
type DraftErrors = Partial<Record<'field' | 'whatIsWrong' | 'shouldBe', string>>;

function TextArea({
  label,
  hint,
  error,
  value,
  name,
  onChange,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  name: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
        <span className="required-mark" aria-hidden="true">
          {' *'}
        </span>
      </label>
      <div className="field-control">
        <textarea
          id={id}
          className="field-input field-textarea"
          rows={3}
          value={value}
          maxLength={CORRECTION_TEXT_MAX_LENGTH}
          onChange={(event) => onChange(event.target.value)}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          data-field={name}
        />
      </div>
      <p className={error ? 'field-error' : 'field-hint'} id={`${id}-note`}>
        {error ?? hint}
      </p>
    </div>
  );
}

/** Correct my data: which field, what it says now, what it should say; then the code. */
export function PrivacyCorrectScreen() {
  const t = useFeatureText(privacyText);
  const { lang } = useI18n();
  const codeStep = useCodeStep(t);
  const ask = useAskCorrection();
  const [draft, setDraft] = useState<CorrectionDraft>({ field: null, whatIsWrong: '', shouldBe: '' });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [sent, setSent] = useState<MyPrivacyRequest | null>(null);

  const set = <K extends keyof CorrectionDraft>(key: K, value: CorrectionDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async () => {
    const required = FIELD_MESSAGES.required[lang];
    const missing: DraftErrors = {
      ...(draft.field ? {} : { field: required }),
      ...(draft.whatIsWrong.trim() ? {} : { whatIsWrong: required }),
      ...(draft.shouldBe.trim() ? {} : { shouldBe: required }),
    };
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      const first = Object.keys(missing)[0];
      document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    const code = codeStep.ready();
    if (!code || !draft.field) return;
    try {
      setSent(
        await ask.mutate({
          code,
          field: draft.field,
          whatIsWrong: draft.whatIsWrong,
          shouldBe: draft.shouldBe,
        }),
      );
    } catch (caught) {
      codeStep.refused(caught, (fields) => setErrors(fields));
    }
  };

  if (sent) return <RequestSent t={t} request={sent} title={t('correct')} />;
  return (
    <Page title={t('correct')}>
      <div className="stack">
        <p className="lead">{t('correctLead')}</p>
        <ChoiceField
          label={t('field')}
          placeholder={t('fieldPlaceholder')}
          choices={CORRECTABLE_FIELDS.map((value) => ({
            value,
            label: CORRECTABLE_FIELD_LABELS[value][lang],
          }))}
          value={draft.field}
          onChange={(value) => set('field', value)}
          error={errors.field}
          name="field"
          required
        />
        <TextArea
          label={t('whatIsWrong')}
          hint={t('whatIsWrongHint')}
          error={errors.whatIsWrong}
          value={draft.whatIsWrong}
          name="whatIsWrong"
          onChange={(value) => set('whatIsWrong', value)}
        />
        <TextArea
          label={t('shouldBe')}
          hint={t('shouldBeHint')}
          error={errors.shouldBe}
          value={draft.shouldBe}
          name="shouldBe"
          onChange={(value) => set('shouldBe', value)}
        />
        {codeStep.field}
        <button type="button" className="button button-primary button-block" onClick={() => void submit()}>
          {t('sendRequest')}
        </button>
      </div>
    </Page>
  );
}

function RequestSent({ t, request, title }: { t: T; request: MyPrivacyRequest; title: string }) {
  const { lang } = useI18n();
  return (
    <Page title={title}>
      <StatusMessage
        icon={<CheckIcon />}
        title={t('sentTitle')}
        message={t('sentHint', { date: formatManilaDate(request.dueOn, lang) })}
      >
        <BackToPrivacy t={t} />
      </StatusMessage>
    </Page>
  );
}

/** Delete my account: what goes, what the law keeps and why, the tick, then the code. */
export function PrivacyDeleteScreen() {
  const t = useFeatureText(privacyText);
  const { lang } = useI18n();
  const codeStep = useCodeStep(t);
  const ask = useAskErasure();
  const [understood, setUnderstood] = useState(false);
  const [tickMissing, setTickMissing] = useState(false);
  const [sent, setSent] = useState<MyPrivacyRequest | null>(null);
  const tickErrorId = useId();

  const submit = async () => {
    if (!understood) {
      setTickMissing(true);
      document.querySelector<HTMLInputElement>('[data-field="understood"]')?.focus();
      return;
    }
    const code = codeStep.ready();
    if (!code) return;
    try {
      setSent(await ask.mutate({ code, understood: true }));
    } catch (caught) {
      codeStep.refused(caught);
    }
  };

  if (sent) return <RequestSent t={t} request={sent} title={t('delete')} />;
  const facts: [PrivacyTextKey, PrivacyTextKey][] = [
    ['deletedTitle', 'deletedText'],
    ['keptTitle', 'keptText'],
    ['openLoanTitle', 'openLoanText'],
    ['afterTitle', 'afterText'],
  ];
  return (
    <Page title={t('delete')}>
      <div className="stack">
        <p className="lead">{t('deleteLead')}</p>
        {facts.map(([title, text]) => (
          <section key={title} className="card privacy-fact">
            <h2 className="card-title">{t(title)}</h2>
            <p>{t(text)}</p>
          </section>
        ))}
        <label className={`check${tickMissing ? ' privacy-tick-missing' : ''}`}>
          <input
            type="checkbox"
            checked={understood}
            data-field="understood"
            aria-invalid={tickMissing || undefined}
            aria-describedby={tickMissing ? tickErrorId : undefined}
            onChange={(event) => {
              setUnderstood(event.target.checked);
              if (event.target.checked) setTickMissing(false);
            }}
          />
          <span>{t('understood')}</span>
        </label>
        {tickMissing ? (
          <p className="field-error" id={tickErrorId} role="alert">
            {FIELD_MESSAGES.understoodRequired[lang]}
          </p>
        ) : null}
        {codeStep.field}
        <button type="button" className="button button-danger button-block" onClick={() => void submit()}>
          {t('deleteButton')}
        </button>
      </div>
    </Page>
  );
}
