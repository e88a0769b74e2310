import type { QueueCount } from '@hiram/contract/ops/queues';
import type { ReactNode } from 'react';
import { type Location, mayOpen, paths, QUEUE_SECTIONS, type RouteName } from '../config/paths.ts';
import { useQueueCounts } from '../lib/queue-counts.tsx';
import { signOut, useSession } from '../lib/session.tsx';

interface Section {
  label: string;
  href?: string;
  route?: RouteName;
}

/** The navigation: the sections a role may open show (mayOpen), each with what waits in it. */
const SECTIONS: readonly Section[] = [
  { label: 'Queues', href: paths.home.getHref(), route: 'home' },
  { label: 'My cases', href: paths.myCases.getHref(), route: 'myCases' },
  { label: 'Collections board', href: paths.collectionBoard.getHref(), route: 'collectionBoard' },
  { label: 'Collections report', href: paths.collectionsReport.getHref(), route: 'collectionsReport' },
  { label: 'Agencies', href: paths.agencies.getHref(), route: 'agencies' },
  { label: 'Dunning', href: paths.dunning.getHref(), route: 'dunning' },
  { label: 'Applications', href: paths.applications.getHref(), route: 'applications' },
  { label: 'Borrowers', href: paths.borrowers.getHref(), route: 'borrowers' },
  { label: 'Loans', href: paths.loans.getHref(), route: 'loans' },
  { label: 'Approvals', href: paths.approvals.getHref(), route: 'approvals' },
  { label: 'Products', href: paths.products.getHref(), route: 'products' },
  { label: 'Brands', href: paths.brands.getHref(), route: 'brands' },
  { label: 'Credit policy', href: paths.creditPolicy.getHref(), route: 'creditPolicy' },
  { label: 'Reconciliation', href: paths.reconciliation.getHref(), route: 'reconciliation' },
  { label: 'Reports', href: paths.reports.getHref(), route: 'reports' },
  { label: 'Compliance calendar', href: paths.complianceCalendar.getHref(), route: 'complianceCalendar' },
  { label: 'Breaches', href: paths.breaches.getHref(), route: 'breaches' },
  { label: 'Staff', href: paths.staff.getHref(), route: 'staff' },
  { label: 'Audit', href: paths.audit.getHref(), route: 'audit' },
  { label: 'CIC submissions', href: paths.cicRegister.getHref(), route: 'cicRegister' },
  { label: 'Privacy', href: paths.privacy.getHref(), route: 'privacy' },
  { label: 'Sanctions screening', href: paths.screening.getHref(), route: 'screening' },
  { label: 'Sanctions lists', href: paths.sanctionsLists.getHref(), route: 'sanctionsLists' },
  { label: 'AML cases', href: paths.amlCases.getHref(), route: 'amlCases' },
];

/** The section a route belongs to: a borrower's page under Borrowers, a loan's under Loans, a queue under Queues... */
function sectionOf(route: RouteName): RouteName {
  if (route === 'borrower') return 'borrowers';
  if (route === 'loan') return 'loans';
  if (route === 'application') return 'applications';
  if (route === 'product' || route === 'newProduct') return 'products';
  if (route === 'queue') return 'home';
  if (route === 'collectionCase') return 'myCases';
  if (route === 'agency') return 'agencies';
  if (route === 'breach') return 'breaches';
  if (route === 'privacyRequest') return 'privacy';
  return route;
}

/** What waits in a section: its queues' counts (QUEUE_SECTIONS); Queues adds up the queues listed on it. */
function waitingIn(section: RouteName, queues: readonly QueueCount[]): number {
  return queues
    .filter((tile) => (QUEUE_SECTIONS[tile.queue] ?? 'home') === section)
    .reduce((sum, tile) => sum + tile.count, 0);
}

/** Shown instead of a screen the member's role may not open (a typed or an old link): no 403 error. */
export function NotForYourRole({ role }: { role: string }) {
  return (
    <section aria-labelledby="not-for-role-title" className="card narrow">
      <h1 id="not-for-role-title">Not for your role</h1>
      <p>
        This page is not open to the {role} role. The sections in the menu are the ones you can use; ask an
        admin if your work needs this one.
      </p>
      <p>
        <a href={paths.home.getHref()}>Back to the queues</a>
      </p>
    </section>
  );
}

export function Shell({ location, children }: { location: Location; children: ReactNode }) {
  const route: RouteName = location.route ?? 'home';
  const session = useSession();
  const { counts } = useQueueCounts();
  const role = session.member?.role;
  const sections = role
    ? SECTIONS.filter(
        (section) => section.route && mayOpen({ route: section.route, params: new URLSearchParams() }, role),
      )
    : [];
  return (
    <div className="shell">
      <button type="button" className="skip" onClick={() => document.getElementById('main')?.focus()}>
        Skip to content
      </button>
      <header className="topbar">
        <span className="brand">Hiram back office</span>
        <span className="who">
          {session.member?.email} · {session.member?.role}
        </span>
        <button type="button" className="secondary" onClick={() => signOut(session)}>
          Sign out
        </button>
      </header>
      <nav aria-label="Sections" className="sidebar">
        <ul>
          {sections.map((section) => {
            const waiting = section.route && counts ? waitingIn(section.route, counts.queues) : 0;
            return (
              <li key={section.label}>
                <a href={section.href} aria-current={section.route === sectionOf(route) ? 'page' : undefined}>
                  {section.label}
                  {waiting > 0 ? (
                    <span className="menu-count" data-testid={`menu-count-${section.route}`}>
                      <span className="visually-hidden">, </span>
                      {waiting}
                      <span className="visually-hidden"> waiting</span>
                    </span>
                  ) : null}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
