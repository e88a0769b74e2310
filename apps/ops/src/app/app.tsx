import { STAFF_IDLE_MINUTES, type StaffMember } from '@hiram/contract/ops/staff';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { mayOpen, parseHash, paths, type RouteName } from '../config/paths.ts';
import { SignInScreen } from '../features/sign-in/sign-in-screen.tsx';
import { OpsApiError, onSessionEnded, opsCall, sessionResumed, setCsrfToken } from '../lib/api.ts';
import { QueueCountsProvider } from '../lib/queue-counts.tsx';
import { SessionContext, type SessionState, signOut } from '../lib/session.tsx';
import { navigate, useHashLocation } from '../lib/use-hash-location.ts';
import { IdleWarning } from './idle-warning.tsx';
import { lazyScreen, ScreenFrame } from './lazy-screen.tsx';
import { NotForYourRole, Shell } from './shell.tsx';

/**
 * Each section's screens load with their section (ADR 0057): the first screen (sign-in, the dashboard) needs
 * neither the reports nor the forms of products and brands.
 */
// The sign-in is the first screen; the dashboard after it loads like every other section.
const DashboardScreen = lazyScreen(
  () => import('../features/queues/dashboard-screen.tsx'),
  'DashboardScreen',
);
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
const CaseBoardScreen = lazyScreen(
  () => import('../features/collections/board-screen.tsx'),
  'CaseBoardScreen',
);
const AgenciesScreen = lazyScreen(
  () => import('../features/collections/agencies-screen.tsx'),
  'AgenciesScreen',
);
const AgencyScreen = lazyScreen(
  () => import('../features/collections/agencies-detail-screen.tsx'),
  'AgencyScreen',
);
const CaseScreen = lazyScreen(() => import('../features/collections/case-screen.tsx'), 'CaseScreen');
const CollectionsReportScreen = lazyScreen(
  () => import('../features/collections/report-screen.tsx'),
  'CollectionsReportScreen',
);
const DunningScreen = lazyScreen(() => import('../features/collections/dunning-screen.tsx'), 'DunningScreen');
const MyCasesScreen = lazyScreen(
  () => import('../features/collections/my-cases-screen.tsx'),
  'MyCasesScreen',
);
const CreditPolicyScreen = lazyScreen(
  () => import('../features/credit-policy/credit-policy-screen.tsx'),
  'CreditPolicyScreen',
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
const BreachesScreen = lazyScreen(
  () => import('../features/compliance/breaches-screen.tsx'),
  'BreachesScreen',
);
const BreachScreen = lazyScreen(() => import('../features/compliance/breach-screen.tsx'), 'BreachScreen');
const ComplianceCalendarScreen = lazyScreen(
  () => import('../features/compliance/calendar-screen.tsx'),
  'ComplianceCalendarScreen',
);
const ReportsScreen = lazyScreen(() => import('../features/reports/reports-screen.tsx'), 'ReportsScreen');
const SetupScreen = lazyScreen(() => import('../features/setup/setup-screen.tsx'), 'SetupScreen');
const StaffScreen = lazyScreen(() => import('../features/staff/staff-screen.tsx'), 'StaffScreen');
const CicRegisterScreen = lazyScreen(
  () => import('../features/cic/cic-register-screen.tsx'),
  'CicRegisterScreen',
);
const PrivacyRegisterScreen = lazyScreen(
  () => import('../features/privacy/privacy-register-screen.tsx'),
  'PrivacyRegisterScreen',
);
const PrivacyRequestScreen = lazyScreen(
  () => import('../features/privacy/privacy-request-screen.tsx'),
  'PrivacyRequestScreen',
);
const ScreeningScreen = lazyScreen(() => import('../features/aml/screening-screen.tsx'), 'ScreeningScreen');
const SanctionsListsScreen = lazyScreen(
  () => import('../features/aml/lists-screen.tsx'),
  'SanctionsListsScreen',
);
const AmlCasesScreen = lazyScreen(() => import('../features/aml/cases-screen.tsx'), 'AmlCasesScreen');

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
  creditPolicy: () => <CreditPolicyScreen />,
  myCases: (params) => <MyCasesScreen page={Number(params.get('page') ?? '1') || 1} />,
  collectionCase: (params) => <CaseScreen caseId={params.get('id') ?? ''} />,
  collectionBoard: (params) => <CaseBoardScreen params={params} />,
  collectionsReport: (params) => (
    <CollectionsReportScreen
      from={params.get('from') ?? ''}
      to={params.get('to') ?? ''}
      brand={params.get('brand') ?? ''}
    />
  ),
  agencies: () => <AgenciesScreen />,
  dunning: () => <DunningScreen />,
  agency: (params) => <AgencyScreen agencyId={params.get('id') ?? ''} />,
  cicRegister: () => <CicRegisterScreen />,
  breaches: () => <BreachesScreen />,
  breach: (params) => <BreachScreen breachId={params.get('id') ?? ''} />,
  complianceCalendar: (params) => (
    <ComplianceCalendarScreen month={params.get('month') ?? ''} brand={params.get('brand') ?? ''} />
  ),
  privacy: (params) => (
    <PrivacyRegisterScreen status={params.get('status') ?? ''} kind={params.get('kind') ?? ''} />
  ),
  privacyRequest: (params) => <PrivacyRequestScreen requestId={params.get('id') ?? ''} />,
  screening: (params) => <ScreeningScreen status={params.get('status') ?? 'pending'} />,
  sanctionsLists: () => <SanctionsListsScreen />,
  amlCases: (params) => <AmlCasesScreen status={params.get('status') ?? ''} />,
};

const ENDED = 'Your session has ended. Sign in again to carry on where you were.';
const IDLE = `You were signed out after ${STAFF_IDLE_MINUTES} minutes without activity. Sign in again to carry on where you were: the page and what you typed are kept.`;

/**
 * Composes the screens: public ones (set-up, sign-in), the rest inside the shell once `me` answers. When the
 * session ends with a page open, the sign-in shows over the page, which stays mounted, so signing in again
 * returns to it with what was typed (ADR 0057); someone else signing in starts afresh.
 */
export function App() {
  const location = useHashLocation();
  const [member, setMember] = useState<StaffMember | null>(null);
  const [ended, setEnded] = useState(false);
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
        if (error instanceof OpsApiError && error.is('STAFF_SESSION_ENDED')) setNotice(ENDED);
        setBoot('ready');
      },
    );
  }, []);

  const endSession = useCallback((text: string) => {
    setCsrfToken(null);
    setEnded(true);
    setNotice((before) => (before === IDLE ? before : text));
  }, []);

  useEffect(() => onSessionEnded(() => endSession(ENDED)), [endSession]);
  const idleExpired = useCallback(() => endSession(IDLE), [endSession]);

  const session = useMemo<SessionState>(
    () => ({
      member,
      signedIn(staff, csrfToken) {
        setCsrfToken(csrfToken);
        setNotice(null);
        setEnded(false);
        if (member && staff.staffId === member.staffId) {
          setMember(staff);
          sessionResumed();
          // Signed in again from the sign-in page itself (not over a kept page): there is no page to return to.
          if (parseHash(window.location.hash).route === 'signIn') navigate(paths.home.getHref());
          return;
        }
        setMember(staff);
        // Someone else's page is not theirs to carry on; a typed link (not the sign-in page) is.
        if (member || parseHash(window.location.hash).route === 'signIn') navigate(paths.home.getHref());
      },
      signedOut() {
        setCsrfToken(null);
        setMember(null);
        setEnded(false);
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
  else if (!member || (route === 'signIn' && !ended)) screen = <SignInScreen notice={notice} />;
  else
    screen = (
      <>
        <div className="signed-in" key={member.staffId} inert={ended}>
          <QueueCountsProvider>
            <Shell location={location}>
              <ScreenFrame key={route}>
                {!mayOpen(location, member.role) ? (
                  <NotForYourRole role={member.role} />
                ) : (
                  (SCREENS[route]?.(location.params) ?? <DashboardScreen member={member} />)
                )}
              </ScreenFrame>
            </Shell>
          </QueueCountsProvider>
        </div>
        {ended ? (
          <div className="session-overlay" role="dialog" aria-modal="true" aria-labelledby="sign-in-title">
            <SignInScreen notice={notice} email={member.email} />
          </div>
        ) : (
          <IdleWarning onExpired={idleExpired} onSignOut={() => void signOut(session)} />
        )}
      </>
    );

  return <SessionContext.Provider value={session}>{screen}</SessionContext.Provider>;
}
