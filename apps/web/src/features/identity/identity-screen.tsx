import '../../lib/antd-mobile-setup.ts';
import './identity.css';
import type { OcrFields } from '@hiram/contract/api/application';
import { ID_IMAGE_KINDS, type IdImageKind } from '@hiram/contract/identity-rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CheckIcon } from '../../components/icons.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { WaitPanel } from '../../components/wait-panel.tsx';
import { usePolling } from '../../hooks/use-polling.ts';
import { AnswerOrder } from '../../lib/answer-order.ts';
import { ApiError, errorMessage, NetworkError } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { showToast } from '../../lib/toast.ts';
import { useConfirmIdDetails } from './api/confirm-id-details.ts';
import { getIdentityCard, type IdentityCard } from './api/get-identity-card.ts';
import { getIdentityImage } from './api/get-identity-image.ts';
import { useReadIdCard } from './api/read-id-card.ts';
import { uploadPhoto } from './api/upload-photo.ts';
import { FailureTips } from './components/failure-tips.tsx';
import { IdDetailsForm } from './components/id-details-form.tsx';
import { IdTypeField } from './components/id-type-field.tsx';
import { PhotoSlot, type PhotoStatus } from './components/photo-slot.tsx';
import { type DetailErrors, detailErrorsOf } from './id-details.ts';
import { identityText } from './identity-text.ts';
import { ID_IMAGE_MAX_MEGABYTES, type ImageProblem } from './image-checks.ts';
import { preparePhoto } from './prepare-photo.ts';

interface Photo {
  url: string | null;
  status: PhotoStatus;
  error: string | null;
}

const NO_PHOTO: Photo = { url: null, status: 'empty', error: null };
const POLL = { intervalMs: 1500, giveUpMs: 60_000 };
/** About how long the provider takes: sets the pace of the progress bar. */
const TYPICAL_WAIT_MS = 6000;

type Missing = 'cardType' | IdImageKind;

export interface IdentityScreenProps {
  /** Called once the identity is verified: the app opens the next step. */
  onComplete: () => Promise<void> | void;
}

/**
 * The identity step (`id_card_authentication`, SPEC sections 2 and 5) in web mode: ID type, both sides of
 * the ID and a selfie, then the provider reads the ID, the borrower confirms what was read, and the selfie
 * is matched. The server keeps every stage, so a reload continues where the borrower was.
 */
export function IdentityScreen({ onComplete }: IdentityScreenProps) {
  const t = useFeatureText(identityText);
  const common = useI18n().t;
  const [card, setCard] = useState<IdentityCard | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [cardType, setCardType] = useState<number | null>(null);
  const [photos, setPhotos] = useState<Record<IdImageKind, Photo>>({
    front: NO_PHOTO,
    back: NO_PHOTO,
    face: NO_PHOTO,
  });
  const [showMissing, setShowMissing] = useState(false);
  const [detailProblems, setDetailProblems] = useState<DetailErrors>({});
  const [continuing, setContinuing] = useState(false);
  // What was read looks wrong (another ID, a bad photo): the borrower goes back to the photos.
  const [retaking, setRetaking] = useState(false);
  const readIdCard = useReadIdCard();
  const confirmDetails = useConfirmIdDetails();

  // A card read that left before Read my ID (or Confirm) was answered may say what the server had before it.
  const answers = useRef(new AnswerOrder());
  const show = useCallback((next: IdentityCard) => {
    setCard(next);
    setCardType((chosen) => chosen ?? next.cardType);
  }, []);

  const refresh = useCallback(async () => {
    const ticket = answers.current.ask();
    const next = await getIdentityCard();
    if (answers.current.read(ticket)) show(next);
  }, [show]);

  const change = async (send: () => Promise<IdentityCard>) => {
    const ticket = answers.current.ask();
    const next = await send();
    if (answers.current.changed(ticket)) show(next);
  };

  const load = useCallback(() => {
    setLoadError(null);
    refresh().catch(setLoadError);
  }, [refresh]);

  useEffect(load, [load]);

  const waiting = card?.state === 'reading' || card?.state === 'matching';
  const polling = usePolling(waiting, refresh, POLL);

  // Object URLs of the previews, released when replaced and when the screen closes.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
    };
  }, []);
  const previewOf = (photo: Blob) => {
    const url = URL.createObjectURL(photo);
    urls.current.add(url);
    return url;
  };

  const setPhoto = useCallback((kind: IdImageKind, update: (photo: Photo) => Photo) => {
    setPhotos((current) => {
      const next = update(current[kind]);
      const old = current[kind].url;
      if (old && old !== next.url) {
        URL.revokeObjectURL(old);
        urls.current.delete(old);
      }
      return { ...current, [kind]: next };
    });
  }, []);

  // Photos sent before a reload are shown again, each fetched once.
  const fetched = useRef(new Set<IdImageKind>());
  useEffect(() => {
    if (!card) return;
    for (const kind of ID_IMAGE_KINDS) {
      if (!card.images[kind] || fetched.current.has(kind)) continue;
      fetched.current.add(kind);
      setPhoto(kind, (photo) => (photo.status === 'empty' ? { ...photo, status: 'sent' } : photo));
      void getIdentityImage(kind).then((blob) => {
        if (blob) setPhoto(kind, (photo) => (photo.url ? photo : { ...photo, url: previewOf(blob) }));
      });
    }
  });

  const problemText = (problem: ImageProblem) =>
    problem === 'tooLarge' ? t('tooLarge', { max: ID_IMAGE_MAX_MEGABYTES }) : t(problem);

  const choosePhoto = async (kind: IdImageKind, file: File) => {
    // Sending from the moment it is chosen: scaling a camera photo takes a slow phone seconds, and Read my ID
    // waits for it rather than finding the photo missing.
    const before = photos[kind].status;
    setPhoto(kind, (photo) => ({ ...photo, status: 'sending', error: null }));
    const prepared = await preparePhoto(file);
    if (!prepared.ok) {
      const status = before === 'sending' ? 'failed' : before;
      setPhoto(kind, (photo) => ({ ...photo, status, error: problemText(prepared.problem) }));
      return;
    }
    const url = previewOf(prepared.photo);
    // Shown from the phone: the copy the server keeps is not downloaded again.
    fetched.current.add(kind);
    setPhoto(kind, () => ({ url, status: 'sending', error: null }));
    try {
      await uploadPhoto(kind, prepared.photo, cardType);
      setPhoto(kind, () => ({ url, status: 'sent', error: null }));
      // A new ID photo starts the read again; a new selfie, the match: the server says where we are.
      await refresh().catch(() => {});
    } catch (error) {
      const message = error instanceof NetworkError ? t('sendFailed') : errorMessage(error);
      setPhoto(kind, () => ({ url, status: 'failed', error: message }));
    }
  };

  const isSent = (kind: IdImageKind) => photos[kind].status === 'sent';
  const missing: Missing[] = [
    ...(cardType === null ? (['cardType'] as const) : []),
    ...ID_IMAGE_KINDS.filter((kind) => !isSent(kind)),
  ];
  const sending = ID_IMAGE_KINDS.some((kind) => photos[kind].status === 'sending');

  const showFailure = (error: unknown) => {
    if (error instanceof DuplicateSubmitError || error instanceof NetworkError) return;
    if (error instanceof ApiError) {
      const fields = error.fieldErrors;
      for (const kind of ID_IMAGE_KINDS) {
        const message = fields[kind];
        if (message) setPhoto(kind, (photo) => ({ ...photo, status: 'failed', error: message }));
      }
      setDetailProblems(detailErrorsOf(fields));
    }
    showToast(errorMessage(error), { tone: 'error' });
  };

  const startRead = async () => {
    setShowMissing(true);
    const first = missing[0];
    if (first !== undefined || cardType === null) {
      const target = first === 'cardType' ? '[data-field="cardType"]' : `[data-slot="${first}"]`;
      document.querySelector(target)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    try {
      await change(() => readIdCard.mutate({ cardType }));
      setRetaking(false);
    } catch (error) {
      showFailure(error);
    }
  };

  const submitDetails = async (fields: OcrFields) => {
    setDetailProblems({});
    try {
      await change(() => confirmDetails.mutate(fields));
    } catch (error) {
      showFailure(error);
    }
  };

  const goOn = async () => {
    setContinuing(true);
    try {
      await onComplete();
    } finally {
      setContinuing(false);
    }
  };

  const slot = (kind: IdImageKind) => {
    const photo = photos[kind];
    const missingError = showMissing && photo.status === 'empty' ? t('photoRequired') : null;
    return (
      <div data-slot={kind}>
        <PhotoSlot
          shape={kind}
          label={t(kind)}
          capture={kind === 'face' ? 'user' : 'environment'}
          takeLabel={kind === 'face' ? t('takeSelfie') : t('takePhoto')}
          previewUrl={photo.url}
          status={photo.status}
          error={photo.error ?? missingError}
          disabled={waiting}
          onFile={(file) => void choosePhoto(kind, file)}
          t={t}
        />
      </div>
    );
  };

  if (!card) {
    return (
      <Page title={t('title')}>
        {loadError ? (
          <StatusMessage
            role="alert"
            title={common('common.loadFailed')}
            message={loadError instanceof ApiError ? loadError.message : undefined}
          >
            <button type="button" className="button button-primary" onClick={load}>
              {common('common.retry')}
            </button>
          </StatusMessage>
        ) : (
          <div className="identity-loading">
            <Spinner label={common('common.loading')} />
          </div>
        )}
      </Page>
    );
  }

  if (card.state === 'verified') {
    return (
      <Page title={t('title')}>
        <StatusMessage icon={<CheckIcon />} title={t('verifiedTitle')} message={t('verifiedHint')}>
          <button type="button" className="button button-primary" onClick={goOn} disabled={continuing}>
            {t('continue')}
          </button>
        </StatusMessage>
      </Page>
    );
  }

  if (waiting) {
    const reading = card.state === 'reading';
    return (
      <Page title={t('title')}>
        <WaitPanel
          title={reading ? t('readingTitle') : t('matchingTitle')}
          hint={reading ? t('readingHint') : t('matchingHint')}
          polling={polling}
          typicalMs={TYPICAL_WAIT_MS}
          slow={{ title: t('slowTitle'), hint: t('slowHint'), action: t('checkAgain') }}
        />
      </Page>
    );
  }

  if ((card.state === 'read' || card.state === 'matchFailed') && !retaking) {
    const failed = card.state === 'matchFailed';
    return (
      <Page title={t('title')}>
        {failed ? (
          <>
            <FailureTips
              title={t('matchFailedTitle')}
              failure={card.failure}
              next={t('retakeFaceHint')}
              t={t}
            />
            <section className="card capture-card">{slot('face')}</section>
          </>
        ) : null}
        <IdDetailsForm
          initial={{ ...card.ocr, ...card.confirmed }}
          serverErrors={detailProblems}
          submitLabel={failed ? t('tryAgain') : t('confirmDetails')}
          onSubmit={(fields) => void submitDetails(fields)}
          t={t}
        />
        <button type="button" className="button button-text" onClick={() => setRetaking(true)}>
          {t('retakeId')}
        </button>
      </Page>
    );
  }

  // incomplete or readFailed (or retaking): the type and the three photos.
  const readFailed = card.state === 'readFailed';
  return (
    <Page
      title={t('title')}
      footer={
        <button
          type="button"
          className="button button-primary button-block"
          onClick={() => void startRead()}
          disabled={sending}
        >
          {readFailed ? t('readAgain') : t('readId')}
        </button>
      }
    >
      {readFailed ? (
        <FailureTips title={t('readFailedTitle')} failure={card.failure} next={t('retakeIdHint')} t={t} />
      ) : (
        <p className="lead">{t('intro')}</p>
      )}

      <section className="card capture-card" aria-labelledby="id-type-title">
        <h2 id="id-type-title" className="capture-title">
          <span className="capture-number">1</span>
          {t('stepIdType')}
        </h2>
        <IdTypeField
          value={cardType}
          onChange={setCardType}
          error={showMissing && cardType === null ? t('idTypeRequired') : null}
          t={t}
        />
      </section>

      <section className="card capture-card" aria-labelledby="id-photos-title">
        <h2 id="id-photos-title" className="capture-title">
          <span className="capture-number">2</span>
          {t('stepPhotos')}
        </h2>
        <p className="capture-hint">{t('stepPhotosHint')}</p>
        <div className="photo-pair">
          {slot('front')}
          {slot('back')}
        </div>
      </section>

      <section className="card capture-card" aria-labelledby="face-title">
        <h2 id="face-title" className="capture-title">
          <span className="capture-number">3</span>
          {t('stepFace')}
        </h2>
        <p className="capture-hint">{t('stepFaceHint')}</p>
        {slot('face')}
      </section>
      {retaking ? (
        <button type="button" className="button button-text" onClick={() => setRetaking(false)}>
          {t('keepRead')}
        </button>
      ) : null}
    </Page>
  );
}
