import type { StaffMember } from '@hiram/contract/ops/staff';
import { useEffect, useMemo, useState } from 'react';
import { paths, type RouteName } from '../config/paths.ts';
import { AuditScreen } from '../features/audit/audit-screen.tsx';
import { BorrowerScreen } from '../features/borrowers/borrower-screen.tsx';
import { BorrowersScreen } from '../features/borrowers/borrowers-screen.tsx';
import { SetupScreen } from '../features/setup/setup-screen.tsx';
import { SignInScreen } from '../features/sign-in/sign-in-screen.tsx';
import { StaffScreen } from '../features/staff/staff-screen.tsx';
import { OpsApiError, onSessionEnded, opsCall, setCsrfToken } from '../lib/api.ts';
import { SessionContext, type SessionState } from '../lib/session.tsx';
import { navigate, useHashLocation } from '../lib/use-hash-location.ts';
import { Shell } from './shell.tsx';

type Boot = 'checking' | 'ready';

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
  let screen: React.ReactNode;
  if (route === 'setup')
    screen = <SetupScreen token={location.params.get('token') ?? ''} signInHref={paths.signIn.getHref()} />;
  else if (boot === 'checking') screen = <p aria-live="polite">Loading…</p>;
  else if (!member || route === 'signIn') screen = <SignInScreen notice={notice} />;
  else
    screen = (
      <Shell route={route}>
        {route === 'staff' ? (
          <StaffScreen />
        ) : route === 'audit' ? (
          <AuditScreen />
        ) : route === 'borrowers' ? (
          <BorrowersScreen
            query={location.params.get('q') ?? ''}
            page={Number(location.params.get('page') ?? '1') || 1}
          />
        ) : route === 'borrower' ? (
          <BorrowerScreen userId={location.params.get('id') ?? ''} />
        ) : (
          <Home member={member} />
        )}
      </Shell>
    );

  return <SessionContext.Provider value={session}>{screen}</SessionContext.Provider>;
}

function Home({ member }: { member: StaffMember }) {
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Welcome, {member.name}</h1>
      <p>
        You are signed in as <strong>{member.role}</strong>
        {member.brandScope ? ` for ${member.brandScope}` : ' for every brand'}. Queues, loans, products and
        reports come next.
      </p>
    </section>
  );
}
