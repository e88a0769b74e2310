import type { ReactNode } from 'react';
import { paths, type RouteName } from '../config/paths.ts';
import { opsCall } from '../lib/api.ts';
import { useSession } from '../lib/session.tsx';

interface Section {
  label: string;
  href?: string;
  route?: RouteName;
}

/** The navigation: today's screens, and the sections to come shown disabled so the layout is settled. */
const SECTIONS: readonly Section[] = [
  { label: 'Queues', href: paths.home.getHref(), route: 'home' },
  { label: 'Applications', href: paths.applications.getHref(), route: 'applications' },
  { label: 'Borrowers', href: paths.borrowers.getHref(), route: 'borrowers' },
  { label: 'Loans', href: paths.loans.getHref(), route: 'loans' },
  { label: 'Approvals', href: paths.approvals.getHref(), route: 'approvals' },
  { label: 'Products', href: paths.products.getHref(), route: 'products' },
  { label: 'Brands', href: paths.brands.getHref(), route: 'brands' },
  { label: 'Reconciliation', href: paths.reconciliation.getHref(), route: 'reconciliation' },
  { label: 'Reports', href: paths.reports.getHref(), route: 'reports' },
  { label: 'Staff', href: paths.staff.getHref(), route: 'staff' },
  { label: 'Audit', href: paths.audit.getHref(), route: 'audit' },
];

/** The section a route belongs to: a borrower's page under Borrowers, a loan's under Loans, a queue under Queues... */
function sectionOf(route: RouteName): RouteName {
  if (route === 'borrower') return 'borrowers';
  if (route === 'loan') return 'loans';
  if (route === 'application') return 'applications';
  if (route === 'product' || route === 'newProduct') return 'products';
  if (route === 'queue') return 'home';
  return route;
}

export function Shell({ route, children }: { route: RouteName; children: ReactNode }) {
  const session = useSession();
  const signOut = async () => {
    try {
      await opsCall('opsSignOut', {});
    } finally {
      session.signedOut();
    }
  };
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
        <button type="button" className="secondary" onClick={signOut}>
          Sign out
        </button>
      </header>
      <nav aria-label="Sections" className="sidebar">
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.label}>
              {section.href ? (
                <a href={section.href} aria-current={section.route === sectionOf(route) ? 'page' : undefined}>
                  {section.label}
                </a>
              ) : (
                <span className="soon" title="Coming soon">
                  {section.label} <small>soon</small>
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
