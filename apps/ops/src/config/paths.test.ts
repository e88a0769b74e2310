import { STAFF_ROLES } from '@hiram/contract/ops/staff';
import { describe, expect, it } from 'vitest';
import { mayOpen, parseHash, paths, type RouteName } from './paths.ts';

const SECTIONS: RouteName[] = [
  'home',
  'applications',
  'borrowers',
  'loans',
  'approvals',
  'products',
  'brands',
  'reconciliation',
  'reports',
  'staff',
  'audit',
];

const opens = (hash: string, role: (typeof STAFF_ROLES)[number]) => mayOpen(parseHash(hash), role);

describe('who may open a route (from the contract)', () => {
  it('gives a viewer six sections of eleven, and an admin all', () => {
    const viewer = SECTIONS.filter((route) => opens(paths[route].path, 'viewer'));
    expect(viewer).toEqual(['home', 'borrowers', 'loans', 'products', 'brands', 'reports']);
    expect(SECTIONS.filter((route) => opens(paths[route].path, 'admin'))).toEqual(SECTIONS);
  });

  it('keeps Staff and Audit for admins, a new product for its makers, a queue for its roles', () => {
    for (const role of STAFF_ROLES) {
      expect(opens('#/staff', role), role).toBe(role === 'admin');
      expect(opens('#/audit', role), role).toBe(role === 'admin');
      expect(opens('#/products/new', role), role).toBe(role === 'admin');
    }
    expect(opens('#/queue?name=overdue', 'collections')).toBe(true);
    expect(opens('#/queue?name=overdue', 'reviewer')).toBe(false);
    expect(opens('#/queue?name=proofs', 'reviewer')).toBe(true);
    // The public pages, and an unknown path (the dashboard), are everyone's.
    expect(opens('#/sign-in', 'viewer')).toBe(true);
    expect(opens('#/nowhere', 'viewer')).toBe(true);
  });

  it('opens the collections report to the collections desk, its supervisors, finance and admin (ADR 0079)', () => {
    const allowed = STAFF_ROLES.filter((role) =>
      opens(paths.collectionsReport.getHref({ from: '2026-01-01' }), role),
    );
    expect(allowed).toEqual(['collections', 'collectionsSupervisor', 'finance', 'admin']);
    expect(
      parseHash(paths.collectionsReport.getHref({ from: '2026-01-01', brand: '' })).params.get('from'),
    ).toBe('2026-01-01');
  });
});

describe('the compliance screens (ADR 0087)', () => {
  it('opens the breach register to compliance and admins, the calendar to finance too', () => {
    for (const role of STAFF_ROLES) {
      const breaches = role === 'compliance' || role === 'admin';
      expect(opens('#/compliance/breaches', role), role).toBe(breaches);
      expect(opens('#/compliance/breach?id=x', role), role).toBe(breaches);
      expect(opens('#/compliance/calendar', role), role).toBe(breaches || role === 'finance');
    }
  });
});

describe('the anti-money-laundering screens (ADR 0085)', () => {
  it('open to compliance officers and admins only', () => {
    for (const role of STAFF_ROLES)
      for (const hash of ['#/aml/screening', '#/aml/lists', '#/aml/cases?status=filed'])
        expect(opens(hash, role), `${role} ${hash}`).toBe(role === 'compliance' || role === 'admin');
  });
});
