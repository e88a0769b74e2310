import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface ViewedImage {
  src: string;
  /** What the picture shows, for a screen reader. */
  alt: string;
  /** Its name on the switcher: "ID front", "Receipt". */
  label: string;
}

/** Each step of "Zoom in" multiplies the size by this much; the picture is read from 25% to 800%. */
const ZOOM_STEP = 1.5;
const ZOOM_MIN = 0.25;
const ZOOM_MAX = 8;

/** `fit`: the whole picture in the pane; a number: its size against the picture's own pixels (1 = 100%). */
type Zoom = 'fit' | number;

/**
 * A picture staff decide on (a receipt, an ID, a face) at full size with zoom, beside what it is checked
 * against (`children`: what the loan owes, the borrower's details), in a modal dialog. The picture scrolls in
 * its own pane when zoomed; + and − zoom, 0 fits it, Escape closes. Several pictures (ID front, back, face)
 * switch in place.
 */
export function ImageViewer({
  title,
  images,
  startAt = 0,
  onClose,
  children,
}: {
  title: string;
  images: readonly ViewedImage[];
  startAt?: number;
  onClose: () => void;
  children?: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  const id = useId();
  const [index, setIndex] = useState(startAt);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const image = images[index] ?? images[0];

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  /** The size now, as a number: "fit" counts as the scale the pane shows it at. */
  const scaleNow = (): number => {
    if (zoom !== 'fit') return zoom;
    const shown = picture.current;
    return shown && natural ? shown.clientWidth / natural.width : 1;
  };
  const zoomBy = (factor: number) =>
    setZoom(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(scaleNow() * factor * 100) / 100)));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-') zoomBy(1 / ZOOM_STEP);
    else if (event.key === '0') setZoom('fit');
    else return;
    event.preventDefault();
  };

  const show = (next: number) => {
    setIndex(next);
    setZoom('fit');
    setNatural(null);
  };

  if (!image) return null;
  const zoomText = zoom === 'fit' ? 'Fitted' : `${Math.round(zoom * 100)}%`;
  return (
    <dialog
      ref={dialog}
      className="image-viewer"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onKeyDown={onKeyDown}
    >
      <header className="image-viewer-bar">
        <h2 id={`${id}-title`}>{title}</h2>
        {images.length > 1 ? (
          <fieldset className="image-viewer-switch">
            <legend className="visually-hidden">Pictures</legend>
            {images.map((item, i) => (
              <button
                key={item.label}
                type="button"
                className={i === index ? undefined : 'secondary'}
                aria-pressed={i === index}
                onClick={() => show(i)}
              >
                {item.label}
              </button>
            ))}
          </fieldset>
        ) : null}
        <fieldset className="image-viewer-zoom">
          <legend className="visually-hidden">Zoom</legend>
          <button type="button" className="secondary" onClick={() => zoomBy(1 / ZOOM_STEP)}>
            Zoom out
          </button>
          <output aria-live="polite" aria-label="Zoom level">
            {zoomText}
          </output>
          <button type="button" className="secondary" onClick={() => zoomBy(ZOOM_STEP)}>
            Zoom in
          </button>
          <button type="button" className="secondary" onClick={() => setZoom(1)}>
            Actual size
          </button>
          <button type="button" className="secondary" onClick={() => setZoom('fit')}>
            Fit
          </button>
        </fieldset>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </header>
      <div className="image-viewer-body">
        <section
          className={`image-viewer-pane${zoom === 'fit' ? ' fit' : ''}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a zoomed picture scrolls; the keyboard must reach it
          tabIndex={0}
          aria-label={`${image.label}, ${zoomText.toLowerCase()}`}
        >
          <img
            ref={picture}
            key={image.src}
            src={image.src}
            alt={image.alt}
            onLoad={(event) =>
              setNatural({
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              })
            }
            style={
              zoom === 'fit' || !natural
                ? undefined
                : { width: natural.width * zoom, height: natural.height * zoom, maxWidth: 'none' }
            }
          />
        </section>
        {children ? <aside className="image-viewer-aside">{children}</aside> : null}
      </div>
    </dialog>
  );
}
