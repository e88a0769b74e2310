import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal on the native <dialog> element, so focus is trapped, Escape works and screen readers announce
 * it without extra code. `bottom` slides up from the bottom (the spec's popups); `center` is a dialog.
 */
export function Sheet({
  open,
  onClose,
  title,
  children,
  footer,
  placement = 'bottom',
  dismissible = true,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  placement?: 'bottom' | 'center';
  /** False when the borrower must answer with a button (Escape and a tap outside do nothing). */
  dismissible?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Start at the title, as a screen reader would, rather than on the first link with a focus ring.
      titleRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; the keyboard's way out is Escape (onCancel).
    <dialog
      ref={ref}
      className={`sheet sheet-${placement}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the backdrop around the panel.
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      <div className="sheet-panel">
        <h2 id={titleId} ref={titleRef} className="sheet-title" tabIndex={-1}>
          {title}
        </h2>
        <div className="sheet-content">{children}</div>
        {footer ? <div className="sheet-footer">{footer}</div> : null}
      </div>
    </dialog>
  );
}
