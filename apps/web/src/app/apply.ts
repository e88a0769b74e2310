import { paths } from '../config/paths.ts';
import { translate } from '../lib/i18n/i18n.tsx';
import { navigateTo } from '../lib/navigation.ts';
import { getSession } from '../lib/session.ts';
import { showToast } from '../lib/toast.ts';

/**
 * Home's Apply: signed out, the guard of to_borrow signs the borrower in; signed in, the status dispatcher
 * (loaded on the tap, not with Home) opens the next step.
 */
export function apply(): void {
  if (!getSession().token) return void navigateTo(paths.toBorrow.getHref());
  import('./continue-application.ts').then(
    (flow) => flow.applyForLoan(),
    () => showToast(translate('common.networkFailed'), { tone: 'error' }),
  );
}
