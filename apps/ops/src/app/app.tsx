import type { StaffMember } from '@hiram/contract/ops/staff';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { paths, type RouteName } from '../config/paths.ts';
import { DashboardScreen } from '../features/queues/dashboard-screen.tsx';
import { SignInScreen } from '../features/sign-in/sign-in-screen.tsx';
import { OpsApiError, onSessionEnded, opsCall, setCsrfToken } from '../lib/api.ts';
import { SessionContext, type SessionState } from '../lib/session.tsx';
import { navigate, useHashLocation } from '../lib/use-hash-location.ts';
import { lazyScreen, ScreenFrame } from './lazy-screen.tsx';
import { Shell } from './shell.tsx';

/**
 * Each section's screens load with their section (ADR 0057): the first screen (sign-in, the dashboard) needs
 * neither the reports nor the forms of products and brands.
 */
const ApplicationScreen = lazyScreen(
  () => import('../features/applications/application-screen.tsx'),
  'ApplicationScreen',
);
const ApplicationsScreen = lazyScreen(
  () => import('../features/applications/applications-screen.tsx'),
  'ApplicationsScreen',
);
const ApprovalsScreen = lazyScreen(
  () => import('../features/approvals/approvals-screen.tsx'),
  'ApprovalsScreen',
);
const LoanActions = lazyScreen(() => import('../features/approvals/loan-actions.tsx'), 'LoanActions');
const AuditScreen = lazyScreen(() => import('../features/audit/audit-screen.tsx'), 'AuditScreen');
const BorrowerScreen = lazyScreen(
  () => import('../features/borrowers/borrower-screen.tsx'),
  'BorrowerScreen',
);
const BorrowersScreen = lazyScreen(
  () => import('../features/borrowers/borrowers-screen.tsx'),
  'BorrowersScreen',
);
const BrandScreen = lazyScreen(() => import('../features/brands/brand-screen.tsx'), 'BrandScreen');
const BrandsScreen = lazyScreen(() => import('../features/brands/brands-screen.tsx'), 'BrandsScreen');
const NewBrandScreen = lazyScreen(() => import('../features/brands/new-brand-screen.tsx'), 'NewBrandScreen');
const LoanScreen = lazyScreen(() => import('../features/loans/loan-screen.tsx'), 'LoanScreen');
const LoansScreen = lazyScreen(() => import('../features/loans/loans-screen.tsx'), 'LoansScreen');
const NewProductScreen = lazyScreen(
  () => import('../features/products/new-product-screen.tsx'),
  'NewProductScreen',
);
const ProductScreen = lazyScreen(() => import('../features/products/product-screen.tsx'), 'ProductScreen');
const ProductsScreen = lazyScreen(() => import('../features/products/products-screen.tsx'), 'ProductsScreen');
const QueueScreen = lazyScreen(() => import('../features/queues/queue-screen.tsx'), 'QueueScreen');
const ReconciliationScreen = lazyScreen(
  () => import('../features/reconciliation/reconciliation-screen.tsx'),
  'ReconciliationScreen',
);
const ReportsScreen = lazyScreen(() => import('../features/reports/reports-screen.tsx'), 'ReportsScreen');
const SetupScreen = lazyScreen(() => import('../features/setup/setup-screen.tsx'), 'SetupScreen');
const StaffScreen = lazyScreen(() => import('../features/staff/staff-screen.tsx'), 'StaffScreen');

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
    screen = (
      <ScreenFrame>
        <SetupScreen token={location.params.get('token') ?? ''} signInHref={paths.signIn.getHref()} />
      </ScreenFrame>
    );
  else if (boot === 'checking') screen = <p aria-live="polite">Loading…</p>;
  else if (!member || route === 'signIn') screen = <SignInScreen notice={notice} />;
  else
    screen = (
      <Shell route={route}>
        <ScreenFrame key={route}>
          {SCREENS[route]?.(location.params) ?? <DashboardScreen member={member} />}
        </ScreenFrame>
      </Shell>
    );

  return <SessionContext.Provider value={session}>{screen}</SessionContext.Provider>;
}
