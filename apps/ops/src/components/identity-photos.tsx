import type { IdentityPhotoKind } from '@hiram/contract/ops/borrowers';
import { type ReactNode, useState } from 'react';
import { OpsApiError, opsCall } from '../lib/api.ts';
import { ErrorMessage } from './error-message.tsx';
import { ImageViewer } from './image-viewer.tsx';

export const IDENTITY_PHOTO_LABELS: Record<IdentityPhotoKind, string> = {
  front: 'ID front',
  back: 'ID back',
  face: 'Face',
};

/**
 * A borrower's ID and face photos for the roles that decide on them: each is fetched when asked for (each
 * view is audited on the server), shown as a thumbnail, and opens full size with zoom beside `children`
 * (what the pictures are checked against: the borrower's details, what the loan owes). Keyed by the
 * borrower where it is drawn, so nothing of one borrower stays on another's page.
 */
export function IdentityPhotos({
  userId,
  kinds,
  title,
  children,
}: {
  userId: string;
  kinds: readonly IdentityPhotoKind[];
  title: string;
  children?: ReactNode;
}) {
  const [photos, setPhotos] = useState<Partial<Record<IdentityPhotoKind, string>>>({});
  const [viewing, setViewing] = useState<IdentityPhotoKind | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = async (kind: IdentityPhotoKind) => {
    try {
      const answer = await opsCall('opsBorrowerPhoto', { userId, kind });
      setPhotos((previous) => ({ ...previous, [kind]: answer.dataUrl }));
      setError(null);
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure.message : 'The photo could not be shown.');
    }
  };

  const shown = kinds.filter((kind) => photos[kind]);
  return (
    <>
      <div className="photos">
        {kinds.map((kind) =>
          photos[kind] ? (
            <button
              key={kind}
              type="button"
              className="thumb-button"
              onClick={() => setViewing(kind)}
              aria-label={`Open the ${IDENTITY_PHOTO_LABELS[kind]} photo full size`}
            >
              <img src={photos[kind]} alt={`Borrower’s ${IDENTITY_PHOTO_LABELS[kind].toLowerCase()}`} />
            </button>
          ) : (
            <button key={kind} type="button" className="secondary" onClick={() => show(kind)}>
              Show {IDENTITY_PHOTO_LABELS[kind]} photo
            </button>
          ),
        )}
      </div>
      <ErrorMessage error={error} />
      {viewing ? (
        <ImageViewer
          title={title}
          images={shown.map((kind) => ({
            src: photos[kind] ?? '',
            alt: `Borrower’s ${IDENTITY_PHOTO_LABELS[kind].toLowerCase()}`,
            label: IDENTITY_PHOTO_LABELS[kind],
          }))}
          startAt={Math.max(0, shown.indexOf(viewing))}
          onClose={() => setViewing(null)}
        >
          {children}
        </ImageViewer>
      ) : null}
    </>
  );
}
