import type { StaffMember } from '@hiram/contract/ops/staff';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { paths, type RouteName } from '../config/paths.ts';
import { ApplicationScreen } from '../features/applications/application-screen.tsx';
import { ApplicationsScreen } from '../features/applications/applications-screen.tsx';
import { ApprovalsScreen } from '../features/approvals/approvals-screen.tsx';
import { LoanActions } from '../features/approvals/loan-actions.tsx';
import { AuditScreen } from '../features/audit/audit-screen.tsx';
import { BorrowerScreen } from '../features/borrowers/borrower-screen.tsx';
import { BorrowersScreen } from '../features/borrowers/borrowers-screen.tsx';
import { BrandScreen } from '../features/brands/brand-screen.tsx';
import { BrandsScreen } from '../features/brands/brands-screen.tsx';
import { NewBrandScreen } from '../features/brands/new-brand-screen.tsx';
import { LoanScreen } from '../features/loans/loan-screen.tsx';
import { LoansScreen } from '../features/loans/loans-screen.tsx';
import { NewProductScreen } from '../features/products/new-product-screen.tsx';
import { ProductScreen } from '../features/products/product-screen.tsx';
import { ProductsScreen } from '../features/products/products-screen.tsx';
import { DashboardScreen } from '../features/queues/dashboard-screen.tsx';
import { QueueScreen } from '../features/queues/queue-screen.tsx';
import { ReconciliationScreen } from '../features/reconciliation/reconciliation-screen.tsx';
import { ReportsScreen } from '../features/reports/reports-screen.tsx';
import { SetupScreen } from '../features/setup/setup-screen.tsx';
import { SignInScreen } from '../features/sign-in/sign-in-screen.tsx';
import { StaffScreen } from '../features/staff/staff-screen.tsx';
import { OpsApiError, onSessionEnded, opsCall, setCsrfToken } from '../lib/api.ts';
import { SessionContext, type SessionState } from '../lib/session.tsx';
import { navigate, useHashLocation } from '../lib/use-hash-location.ts';
import { Shell } from './shell.tsx';

type Boot = 'checking' | 'ready';

/** The screen each signed-in route shows, from the route's parameters; home (the queues) is the fallback. */
const SCREENS: Partial<Record<RouteName, (params: URLSearchParams) => ReactNode>> = {
  staff: () => <StaffScreen />,
  audit: () => <AuditScreen />,
  borrowers: (params) => (
    <BorrowersScreen query={params.get('q') ?? ''} page={Number(params.get('page') ?? '1') || 1} />
  ),
  borrower: (params) => <BorrowerScreen userId={params.get('id') ?? ''} />,
  queue: (params) => <QueueScreen params={params} />,
  reports: (params) => (
    <ReportsScreen
      from={params.get('from') ?? ''}
      to={params.get('to') ?? ''}
      brand={params.get('brand') ?? ''}
    />
  ),
  reconciliation: (params) => <ReconciliationScreen params={params} />,
  approvals: (params) => (
    <ApprovalsScreen
      tab={params.get('tab') === 'history' ? 'history' : 'pending'}
      status={params.get('status') ?? ''}
      kind={params.get('kind') ?? ''}
      page={Number(params.get('page') ?? '1') || 1}
    />
  ),
  loans: (params) => <LoansScreen params={params} />,
  // The loan's maker-checker actions (features/approvals) in the loan page's Actions panel.
  loan: (params) => {
    const orderId = params.get('id') ?? '';
    return <LoanScreen orderId={orderId} actions={<LoanActions orderId={orderId} />} />;
  },
  applications: (params) => <ApplicationsScreen page={Number(params.get('page') ?? '1') || 1} />,
  application: (params) => <ApplicationScreen orderId={params.get('id') ?? ''} />,
  products: (params) => (
    <ProductsScreen page={Number(params.get('page') ?? '1') || 1} active={params.get('active') ?? ''} />
  ),
  product: (params) => <ProductScreen productId={params.get('id') ?? ''} />,
  newProduct: () => <NewProductScreen />,
  brands: (params) => (
    <BrandsScreen query={params.get('q') ?? ''} page={Number(params.get('page') ?? '1') || 1} />
  ),
  brand: (params) => <BrandScreen packageName={params.get('id') ?? ''} />,
  brandNew: () => <NewBrandScreen />,
};

/** Composes the screens: public ones (set-up, sign-in), the rest inside the shell once `me` answers. */
export function App() {
  const location = useHashLocation();
  const [member, setMember] = useState<StaffMember | null>(null);
  const [boot, setBoot] = useState<Boot>('checking');
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    opsCall('opsMe', {}).then(
      ({ staff, csrfToken }) => {
        setCsrfToken(csrfToken);
        setMember(staff);
        setBoot('ready');
      },
      (error: unknown) => {
        if (error instanceof OpsApiError && error.is('STAFF_SESSION_ENDED'))
          setNotice('Your session has ended. Please sign in again.');
        setBoot('ready');
      },
    );
  }, []);

  useEffect(
    () =>
      onSessionEnded(() => {
        setCsrfToken(null);
        setMember(null);
        setNotice('Your session has ended. Please sign in again.');
      }),
    [],
  );

  const session = useMemo<SessionState>(
    () => ({
      member,
      signedIn(staff, csrfToken) {
        setCsrfToken(csrfToken);
        setMember(staff);
        setNotice(null);
        navigate(paths.home.getHref());
      },
      signedOut() {
        setCsrfToken(null);
        setMember(null);
        setNotice('You are signed out.');
        navigate(paths.signIn.getHref());
      },
    }),
    [member],
  );

  const route: RouteName = location.route ?? 'home';
  let screen: ReactNode;
  if (route === 'setup')
    screen = <SetupScreen token={location.params.get('token') ?? ''} signInHref={paths.signIn.getHref()} />;
  else if (boot === 'checking') screen = <p aria-live="polite">Loading…</p>;
  else if (!member || route === 'signIn') screen = <SignInScreen notice={notice} />;
  else
    screen = (
      <Shell route={route}>{SCREENS[route]?.(location.params) ?? <DashboardScreen member={member} />}</Shell>
    );

  return <SessionContext.Provider value={session}>{screen}</SessionContext.Provider>;
}
