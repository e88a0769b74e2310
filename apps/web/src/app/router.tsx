import type { ApplicationProgress, ApplicationStep } from '@hiram/contract/api/application';
import type { ComponentType } from 'react';
import { flushSync } from 'react-dom';
import {
  createHashRouter,
  type DataRouter,
  type RouteObject,
  RouterProvider,
  redirect,
  useSearchParams,
} from 'react-router';
import { ApplicationStepContext } from '../components/application-step-context.ts';
import { ScreenSpinner } from '../components/spinner.tsx';
import { paths, type RouteName, redirects } from '../config/paths.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { navigateTo } from '../lib/navigation.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { TabLayout } from './tab-layout.tsx';

function LoadingScreen() {
  const { t } = useI18n();
  return <ScreenSpinner label={t('common.loading')} />;
}

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** A step screen says when it is done; what opens next is the status dispatcher's business. */
type StepScreen = ComponentType<{ onComplete: (progress?: ApplicationProgress) => Promise<void> | void }>;

/** An application step's screen, loaded with the dispatcher that takes the borrower on from it. */
function applicationStep(step: ApplicationStep, load: () => Promise<StepScreen>): LazyScreen {
  return () =>
    Promise.all([load(), import('./continue-application.ts')]).then(([Screen, flow]) => ({
      Component: function ApplicationStepScreen() {
        const [search] = useSearchParams();
        // Edited from confirm_details, the screen is one part of a finished application, not a step of it.
        const editing = search.get('back') === flow.RETURN_TO_CONFIRM;
        return (
          <ApplicationStepContext.Provider value={editing ? null : step}>
            <Screen
              onComplete={(progress) =>
                flow.backToConfirm(progress)
                  ? undefined
                  : flow.continueApplication(progress, { replace: true })
              }
            />
          </ApplicationStepContext.Provider>
        );
      },
    }));
}

/**
 * to_borrow, with the dispatcher behind its Apply: when the server says the application is incomplete after
 * all, the dispatcher asks for the progress and opens the step that comes next.
 */
const toBorrow: LazyScreen = () =>
  Promise.all([import('../features/borrow/to-borrow-screen.tsx'), import('./continue-application.ts')]).then(
    ([screen, flow]) => ({
      Component: () => (
        <ApplicationStepContext.Provider value="chooseLoan">
          <screen.ToBorrowScreen onIncompleteApplication={() => flow.continueApplication()} />
        </ApplicationStepContext.Provider>
      ),
    }),
  );

/**
 * add_bankcard: an application step, or, opened from the lending screen after a failed payout
 * (`?orderId=`), the account change that leads back to lending once the new account is verified.
 */
const addBankCard: LazyScreen = () =>
  Promise.all([import('../features/bank/bank-screen.tsx'), import('./continue-application.ts')]).then(
    ([screen, flow]) => ({
      Component: function AddBankCard() {
        const [search] = useSearchParams();
        const orderId = search.get('orderId');
        if (search.get('back') === flow.RETURN_TO_CONFIRM)
          return <screen.BankScreen changeFirst onComplete={() => void flow.backToConfirm()} />;
        if (orderId)
          return (
            <screen.BankScreen
              changeFirst
              onComplete={() => navigateTo(paths.lending.getHref({ orderId }), { replace: true })}
            />
          );
        return (
          <ApplicationStepContext.Provider value="addBankCard">
            <screen.BankScreen onComplete={() => flow.continueApplication(undefined, { replace: true })} />
          </ApplicationStepContext.Provider>
        );
      },
    }),
  );

/** The five code and account screens share one chunk: the channel in the link says what to show. */
const instrumentScreen: LazyScreen = () =>
  import('../features/repay/instrument-screen.tsx').then((m) => ({ Component: m.InstrumentScreen }));

/** Me → Privacy and its three requests share one chunk (ADR 0086). */
const privacyScreens = () => import('../features/privacy/privacy-screens.tsx');

/**
 * Every screen but Home, each its own chunk (and this table with the router in one more, loaded after
 * Home has painted) so the first screen loads nothing it does not show. The
 * Record type makes a screen added to `paths` fail the type check until it is routed here.
 */
const screens: Record<Exclude<RouteName, 'home'>, LazyScreen> = {
  // A row opens what its status leads to: the dispatcher's business, loaded with Records.
  records: () =>
    Promise.all([import('../features/records/records-screen.tsx'), import('./continue-application.ts')]).then(
      ([screen, flow]) => ({
        Component: () => <screen.RecordsScreen onOpenOrder={(order) => void flow.openOrder(order)} />,
      }),
    ),
  me: () => import('../features/me/me-screen.tsx').then((m) => ({ Component: m.MeScreen })),

  customerService: () =>
    import('../features/me/customer-service-screen.tsx').then((m) => ({
      Component: m.CustomerServiceScreen,
    })),
  settings: () => import('../features/me/settings-screen.tsx').then((m) => ({ Component: m.SettingsScreen })),
  aboutUs: () => import('../features/me/about-us-screen.tsx').then((m) => ({ Component: m.AboutUsScreen })),
  faq: () => import('../features/me/faq-screen.tsx').then((m) => ({ Component: m.FaqScreen })),
  language: () => import('../features/me/language-screen.tsx').then((m) => ({ Component: m.LanguageScreen })),
  openApp: () => import('../features/me/open-app-screen.tsx').then((m) => ({ Component: m.OpenAppScreen })),

  login: () => import('../features/auth/login-screen.tsx').then((m) => ({ Component: m.LoginScreen })),
  register: () =>
    import('../features/auth/register-screen.tsx').then((m) => ({ Component: m.RegisterScreen })),

  privacyPolicy: () =>
    import('../features/legal/privacy-policy-screen.tsx').then((m) => ({ Component: m.PrivacyPolicyScreen })),
  termsOfService: () =>
    import('../features/legal/terms-of-service-screen.tsx').then((m) => ({
      Component: m.TermsOfServiceScreen,
    })),
  loanTerms: () =>
    import('../features/legal/loan-terms-screen.tsx').then((m) => ({ Component: m.LoanTermsScreen })),

  // Steps of later releases: routed and guarded now, each saying plainly that it is not available yet.
  personalInformation: applicationStep('personal_infomation', () =>
    import('../features/profile/personal-information-screen.tsx').then((m) => m.PersonalInformationScreen),
  ),
  additionalInformation: applicationStep('additionalInfomation', () =>
    import('../features/profile/additional-information-screen.tsx').then(
      (m) => m.AdditionalInformationScreen,
    ),
  ),
  idCardAuthentication: applicationStep('id_card_authentication', () =>
    import('../features/identity/identity-screen.tsx').then((m) => m.IdentityScreen),
  ),
  reviewTips: () =>
    import('../features/borrow/review-tips-screen.tsx').then((m) => ({ Component: m.ReviewTipsScreen })),
  loanQuestion: applicationStep('loan_question', () =>
    import('../features/questionnaire/questionnaire-screen.tsx').then((m) => m.QuestionnaireScreen),
  ),
  addBankCard,
  agreement: () =>
    import('../features/borrow/agreement-screen.tsx').then((m) => ({ Component: m.AgreementScreen })),
  toBorrow,
  confirmBorrow: () =>
    import('../features/borrow/confirm-borrow-screen.tsx').then((m) => ({
      Component: m.ConfirmBorrowScreen,
    })),
  lending: () =>
    import('../features/borrow/lending-screen.tsx').then((m) => ({ Component: m.LendingScreen })),
  restructure: () =>
    import('../features/servicing/restructure-screen.tsx').then((m) => ({ Component: m.RestructureScreen })),
  repayDetail: () =>
    import('../features/repay/repay-detail-screen.tsx').then((m) => ({ Component: m.RepayDetailScreen })),
  repayStp: instrumentScreen,
  extensionDetail: () =>
    import('../features/servicing/extension-screen.tsx').then((m) => ({ Component: m.ExtensionScreen })),
  repayVoucher: () =>
    import('../features/servicing/voucher-screen.tsx').then((m) => ({ Component: m.VoucherScreen })),
  loanDocuments: () =>
    import('../features/servicing/documents-screen.tsx').then((m) => ({ Component: m.DocumentsScreen })),
  repayBank: instrumentScreen,
  repayPayso: instrumentScreen,
  repayPaycools: instrumentScreen,
  repayKxypay: instrumentScreen,
  cashier: () => import('../features/repay/cashier-screen.tsx').then((m) => ({ Component: m.CashierScreen })),
  pay: () => import('../features/portal/portal-screen.tsx').then((m) => ({ Component: m.PortalScreen })),
  yx1: () => import('../features/promotions/yx1-screen.tsx').then((m) => ({ Component: m.Yx1Screen })),
  yx2: () => import('../features/promotions/yx2-screen.tsx').then((m) => ({ Component: m.Yx2Screen })),
  yx2ConfirmBorrow: () =>
    import('../features/promotions/yx2-confirm-borrow-screen.tsx').then((m) => ({
      Component: m.Yx2ConfirmBorrowScreen,
    })),
  yx3: () => import('../features/promotions/yx3-screen.tsx').then((m) => ({ Component: m.Yx3Screen })),
  finishLoading: () =>
    import('../features/borrow/finish-loading-screen.tsx').then((m) => ({
      Component: m.FinishLoadingScreen,
    })),
  confirmDetails: () =>
    import('../features/reconfirm/confirm-details-screen.tsx').then((m) => ({
      Component: m.ConfirmDetailsScreen,
    })),
  messages: () =>
    import('../features/messages/messages-screen.tsx').then((m) => ({ Component: m.MessagesScreen })),
  privacy: () => privacyScreens().then((m) => ({ Component: m.PrivacyScreen })),
  privacyDownload: () => privacyScreens().then((m) => ({ Component: m.PrivacyDownloadScreen })),
  privacyCorrect: () => privacyScreens().then((m) => ({ Component: m.PrivacyCorrectScreen })),
  privacyDelete: () => privacyScreens().then((m) => ({ Component: m.PrivacyDeleteScreen })),
  validation: () =>
    Promise.all([
      import('../features/validation/validation-screen.tsx'),
      import('./continue-application.ts'),
    ]).then(([screen, flow]) => ({
      Component: () => (
        <screen.ValidationScreen
          onDone={(progress) => flow.continueApplication(progress, { replace: true })}
        />
      ),
    })),
};

const TAB_SCREENS = ['records', 'me'] as const satisfies readonly RouteName[];

function lazyRoute(name: Exclude<RouteName, 'home'>): RouteObject {
  return { path: paths[name].path, lazy: screens[name] };
}

const otherScreens = (Object.keys(screens) as Exclude<RouteName, 'home'>[]).filter(
  (name) => !(TAB_SCREENS as readonly string[]).includes(name),
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      // Home is drawn by the app shell, above the router (app-shell.tsx): routed here only to match.
      { path: paths.home.path, element: null },
      { element: <TabLayout />, children: TAB_SCREENS.map(lazyRoute) },
      ...redirects.map(({ from, to }) => ({ path: from, loader: () => redirect(paths[to].getHref()) })),
      {
        // The guard's own code is needed only on a protected screen, so it loads with the first one.
        lazy: () => import('./require-session.tsx').then((m) => ({ Component: m.RequireSession })),
        children: otherScreens.filter((name) => paths[name].protected).map(lazyRoute),
      },
      ...otherScreens.filter((name) => !paths[name].protected).map(lazyRoute),
      {
        path: '*',
        lazy: () => import('./not-found-screen.tsx').then((m) => ({ Component: m.NotFoundScreen })),
      },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}

/** The routed screens; the app shell mounts it for every screen but Home. */
export function RoutedApp({ router }: { router: DataRouter }) {
  return (
    <RouterProvider
      router={router}
      flushSync={(update) => {
        flushSync(update);
      }}
    />
  );
}
