import { type ChangeEvent, useId } from 'react';
import { CameraIcon, CheckIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import type { IdentityTextKey } from '../identity-text.ts';

export type PhotoStatus = 'empty' | 'sending' | 'sent' | 'failed';

/** What the borrower sees of the ID: an outline of a card, or of a face for the selfie. */
function Outline({ shape }: { shape: 'front' | 'back' | 'face' }) {
  if (shape === 'face') {
    return (
      <svg className="photo-outline" viewBox="0 0 120 120" aria-hidden="true">
        <ellipse cx="60" cy="52" rx="26" ry="32" />
        <path d="M22 112c4-20 20-30 38-30s34 10 38 30" />
      </svg>
    );
  }
  return (
    <svg className="photo-outline" viewBox="0 0 160 100" aria-hidden="true">
      <rect x="6" y="6" width="148" height="88" rx="10" />
      {shape === 'front' ? (
        <>
          <rect x="20" y="24" width="36" height="46" rx="4" />
          <path d="M70 32h66M70 46h50M70 60h58" />
        </>
      ) : (
        <path d="M20 30h120M20 44h96M20 74h6m4 0h2m4 0h6m4 0h2m6 0h4m4 0h2m4 0h6m4 0h2" />
      )}
    </svg>
  );
}

/**
 * One photo of the identity step. Tapping the frame opens the phone's camera (`capture`); a desktop
 * browser, which has none, opens its file chooser instead. "Choose a file" always opens the files.
 */
export function PhotoSlot({
  shape,
  label,
  capture,
  takeLabel,
  previewUrl,
  status,
  error,
  disabled,
  onFile,
  t,
}: {
  shape: 'front' | 'back' | 'face';
  label: string;
  capture: 'environment' | 'user';
  takeLabel: string;
  previewUrl: string | null;
  status: PhotoStatus;
  error: string | null;
  disabled?: boolean;
  onFile: (file: File) => void;
  t: FeatureTranslate<IdentityTextKey>;
}) {
  const id = useId();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so the same file can be chosen again after a failed upload.
    event.target.value = '';
    if (file) onFile(file);
  };
  const hasPhoto = status !== 'empty';
  const describedBy = error ? `${id}-error` : undefined;

  return (
    <div className={`photo-slot photo-slot-${shape}${error ? ' photo-slot-invalid' : ''}`}>
      <label className="photo-frame">
        <input
          type="file"
          accept="image/*"
          capture={capture}
          className="visually-hidden"
          onChange={pick}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-label={`${label}: ${hasPhoto ? t('retake') : takeLabel}`}
          data-photo={shape}
        />
        {previewUrl ? (
          <img className="photo-preview" src={previewUrl} alt={t('photoOf', { name: label })} />
        ) : (
          <Outline shape={shape} />
        )}
        {status === 'sending' ? (
          <span className="photo-badge">
            <Spinner label={t('uploading')} size="small" />
            {t('uploading')}
          </span>
        ) : status === 'sent' ? (
          <span className="photo-badge photo-badge-done">
            <CheckIcon />
            {t('uploaded')}
          </span>
        ) : null}
        <span className="photo-take">
          <CameraIcon />
          {hasPhoto ? t('retake') : takeLabel}
        </span>
      </label>
      <div className="photo-caption">
        <span className="photo-label">{label}</span>
        <label className="photo-file">
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={pick}
            disabled={disabled}
            data-photo-file={shape}
          />
          {t('chooseFile')}
        </label>
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
