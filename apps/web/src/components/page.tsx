import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { getAppName } from '../lib/brand.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { BackIcon } from './extra-icons.tsx';
import { StepProgress } from './step-progress.tsx';

/** A screen with a title bar: the back button returns where the borrower came from, or Home on a fresh visit. */
export function Page({
  title,
  children,
  back = true,
  footer,
}: {
  title: string;
  children: ReactNode;
  back?: boolean;
  footer?: ReactNode;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = `${title} · ${getAppName()}`;
  }, [title]);

  const goBack = () => {
    // The router numbers history entries it created; at 0 there is nothing of ours to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/', { replace: true });
  };

  return (
    <div className="page">
      <header className="page-header">
        {back ? (
          <button type="button" className="icon-button" onClick={goBack} aria-label={t('common.back')}>
            <BackIcon />
          </button>
        ) : (
          <span className="icon-button-space" />
        )}
        <h1 className="page-title">{title}</h1>
        <span className="icon-button-space" />
      </header>
      <main className="page-body">
        <StepProgress />
        {children}
      </main>
      {footer ? <div className="page-footer">{footer}</div> : null}
    </div>
  );
}
