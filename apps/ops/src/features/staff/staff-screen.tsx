import {
  PROPOSAL_KINDS,
  PROPOSAL_REASON_MAX_LENGTH,
  type ProposalKind,
  ROLES_WITH_POWER,
} from '@hiram/contract/ops/approvals';
import type { BrandSummary } from '@hiram/contract/ops/brands';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@hiram/contract/ops/staff';
import { type SetupLinkHandOver, staffStatusLabel } from '@hiram/contract/ops/staff-admin';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { PendingProposals } from '../../components/pending-proposals.tsx';
import { SetupLinkNotice } from '../../components/setup-link-notice.tsx';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * Staff administration (ADRs 0025, 0058, 0066). A viewer or support member is created here at once and their
 * set-up link shown to the creator, and a role is taken down to one of those at once; what grants power (a
 * member or a role with power over loans, money or staff, a sign-in reset, a re-enable) is sent for approval
 * here and done when another admin approves it, in the panel above the list or the Approvals inbox, where the
 * approving admin alone sees a set-up link.
 */

type StaffKind = Extract<ProposalKind, `staff.${string}`>;

/** "Ana Cruz's app (ph.ana.app)": a brand as the brand select and the list show it. */
function brandName(brands: readonly BrandSummary[], packageName: string | null): string {
  if (packageName === null) return 'All brands';
  const brand = brands.find((b) => b.packageName === packageName);
  return brand ? `${brand.appName} (${packageName})` : packageName;
}

/** The roles with power (ROLES_WITH_POWER: reviewer, collections, finance, risk, compliance, admin...): given through a second admin. */
function hasPower(role: StaffRole): boolean {
  return ROLES_WITH_POWER.includes(role);
}

function ReasonField({ id }: { id: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>Why? (the approving admin reads it)</label>
      <input id={id} name="reason" required minLength={3} maxLength={PROPOSAL_REASON_MAX_LENGTH} />
    </div>
  );
}

function CreateStaffForm({
  brands,
  scope,
  onCreated,
  onProposed,
}: {
  brands: readonly BrandSummary[];
  /** The signed-in admin's brand: they add members of it only. */
  scope: string | null;
  onCreated: (created: SetupLinkHandOver) => void;
  onProposed: (summary: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [role, setRole] = useState<StaffRole>('viewer');
  const reasonId = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const brand = String(form.get('brandScope') ?? '');
    const member = {
      email: String(form.get('email')),
      name: String(form.get('name')),
      brandScope: brand === '' ? null : brand,
    };
    setBusy(true);
    setError(null);
    try {
      if (hasPower(role)) {
        const proposal = await opsCall('opsProposalCreate', {
          kind: 'staff.create',
          payload: { ...member, role },
          reason: String(form.get('reason')),
        });
        onProposed(proposal.summary);
      } else {
        const created = await opsCall('opsStaffCreate', { ...member, role });
        onCreated({
          email: created.staff.email,
          setupLink: created.setupLink,
          setupExpiresAt: created.setupExpiresAt,
        });
      }
      formElement.reset();
      setRole('viewer');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-labelledby="create-title">
      <h2 id="create-title">Add a member</h2>
      <Field label="Email" name="email" type="email" required />
      <Field label="Name" name="name" required maxLength={100} />
      <div className="field">
        <label htmlFor="new-role">Role</label>
        <select
          id="new-role"
          name="role"
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole)}
        >
          {STAFF_ROLES.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="new-brand">Brand</label>
        <select id="new-brand" name="brandScope" defaultValue={scope ?? ''}>
          {scope === null ? <option value="">All brands</option> : null}
          {brands.map((brand) => (
            <option key={brand.packageName} value={brand.packageName}>
              {brandName(brands, brand.packageName)}
            </option>
          ))}
        </select>
      </div>
      {hasPower(role) ? <ReasonField id={reasonId} /> : null}
      <ErrorMessage error={error} />
      <button type="submit" disabled={busy}>
        {hasPower(role) ? 'Send for approval' : 'Create'}
      </button>
      {hasPower(role) ? (
        <p className="hint form-note">
          A {role} decides loans, moves money or runs staff: they are added when another admin approves, and
          the set-up link is shown to that admin.
        </p>
      ) : null}
    </form>
  );
}

/** A change under maker-checker for one member: the reason asked, then proposed. */
function ProposeForm({
  member,
  kind,
  role,
  onProposed,
  onCancel,
}: {
  member: StaffMember;
  kind: StaffKind;
  /** The role a `staff.grant-role` gives. */
  role: StaffRole;
  onProposed: (summary: string) => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const proposal = await opsCall('opsProposalCreate', {
        kind,
        payload:
          kind === 'staff.grant-role' ? { staffId: member.staffId, role } : { staffId: member.staffId },
        reason: String(new FormData(event.currentTarget).get('reason')),
      });
      onProposed(proposal.summary);
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };
  return (
    <form
      className="propose-form"
      onSubmit={submit}
      aria-label={`${PROPOSAL_KINDS[kind].label}: ${member.email}`}
    >
      <ReasonField id={reasonId} />
      <ErrorMessage error={error} />
      <span className="actions">
        <button type="submit" disabled={busy}>
          Send for approval
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </span>
    </form>
  );
}

function MemberRow({
  member,
  self,
  brands,
  onChanged,
  onProposed,
}: {
  member: StaffMember;
  self: boolean;
  brands: readonly BrandSummary[];
  onChanged: () => void;
  onProposed: (summary: string) => void;
}) {
  const [role, setRole] = useState<StaffRole>(member.role);
  const [proposing, setProposing] = useState<StaffKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      onChanged();
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const roleChanged = role !== member.role;
  return (
    <tr>
      <td>
        {member.name}
        <br />
        <small>{member.email}</small>
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`role-${member.staffId}`}>
          Role of {member.email}
        </label>
        <select
          id={`role-${member.staffId}`}
          value={role}
          disabled={self || member.disabled}
          onChange={(event) => setRole(event.target.value as StaffRole)}
        >
          {STAFF_ROLES.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>{' '}
        {roleChanged && !hasPower(role) ? (
          <button
            type="button"
            onClick={() => act(() => opsCall('opsStaffChangeRole', { staffId: member.staffId, role }))}
          >
            Save role
          </button>
        ) : null}
        {roleChanged && hasPower(role) && !proposing ? (
          <button type="button" onClick={() => setProposing('staff.grant-role')}>
            Propose as {role}…
          </button>
        ) : null}
      </td>
      <td>{brandName(brands, member.brandScope)}</td>
      <td>{staffStatusLabel(member)}</td>
      <td>
        {self ? (
          <small className="muted">You: another admin changes your account</small>
        ) : proposing ? (
          <ProposeForm
            member={member}
            kind={proposing}
            role={role}
            onProposed={(summary) => {
              setProposing(null);
              setRole(member.role);
              onProposed(summary);
            }}
            onCancel={() => {
              setProposing(null);
              setRole(member.role);
            }}
          />
        ) : member.disabled ? (
          <button
            type="button"
            className="secondary"
            aria-label={`Re-enable ${member.email}`}
            onClick={() => setProposing('staff.re-enable')}
          >
            Re-enable
          </button>
        ) : (
          <span className="actions">
            <button
              type="button"
              className="secondary"
              aria-label={`Reset sign-in of ${member.email}`}
              onClick={() => setProposing('staff.reset-sign-in')}
            >
              Reset sign-in
            </button>
            <button
              type="button"
              className="danger"
              aria-label={`Disable ${member.email}`}
              onClick={() => {
                if (window.confirm(`Disable ${member.email}? Their sessions end now.`))
                  act(() => opsCall('opsStaffDisable', { staffId: member.staffId }));
              }}
            >
              Disable
            </button>
          </span>
        )}
        <ErrorMessage error={error} />
      </td>
    </tr>
  );
}

export function StaffScreen() {
  const { member: me } = useSession();
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [brands, setBrands] = useState<BrandSummary[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [created, setCreated] = useState<SetupLinkHandOver | null>(null);
  const [proposed, setProposed] = useState<string | null>(null);
  const [proposals, setProposals] = useState(0);

  const load = useCallback(() => {
    opsCall('opsStaffList', {}).then(
      (list) => {
        setStaff(list);
        setFailure(null);
      },
      (error: unknown) => setFailure(error),
    );
  }, []);
  useEffect(load, [load]);
  // The brand select lists the lender's brands (a brand-scoped admin's own only): never typed by hand.
  useEffect(() => {
    opsCall('opsBrandList', { pageSize: 100 }).then(
      (page) => setBrands(page.items),
      () => setBrands([]),
    );
  }, []);

  const afterProposal = (summary: string) => {
    setCreated(null);
    setProposed(
      `Sent for approval: ${summary}. Nothing changes until another admin approves it, here or in Approvals.`,
    );
    setProposals((n) => n + 1);
    load();
  };

  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title">Staff</h1>
      {failure ? <LoadFailure error={failure} /> : null}
      {staff ? (
        <>
          <PendingProposals targetType="staff" refreshKey={proposals} onDecided={load} />
          <CreateStaffForm
            brands={brands}
            scope={me?.brandScope ?? null}
            onCreated={(next) => {
              setProposed(null);
              setCreated(next);
              load();
            }}
            onProposed={afterProposal}
          />
          {created ? <SetupLinkNotice handOver={created} what={`${created.email} was created.`} /> : null}
          {proposed ? (
            <p className="notice" role="status">
              {proposed}
            </p>
          ) : null}
          <table>
            <caption className="visually-hidden">Staff members</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Brand</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {staff.map((member) => (
                <MemberRow
                  key={`${member.staffId}-${member.role}-${member.disabled}-${member.setUp}`}
                  member={member}
                  self={member.staffId === me?.staffId}
                  brands={brands}
                  onChanged={load}
                  onProposed={afterProposal}
                />
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
