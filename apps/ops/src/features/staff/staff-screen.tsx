import { STAFF_ROLES, type StaffMember, type StaffRole } from '@hiram/contract/ops/staff';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';

interface Created {
  email: string;
  setupLink: string;
  setupExpiresAt: string;
}

function CreateStaffForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setBusy(true);
    setError(null);
    try {
      const brand = String(form.get('brandScope')).trim();
      const created = await opsCall('opsStaffCreate', {
        email: String(form.get('email')),
        name: String(form.get('name')),
        role: String(form.get('role')) as StaffRole,
        brandScope: brand === '' ? null : brand,
      });
      formElement.reset();
      onCreated({
        email: created.staff.email,
        setupLink: created.setupLink,
        setupExpiresAt: created.setupExpiresAt,
      });
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
        <select id="new-role" name="role" defaultValue="viewer">
          {STAFF_ROLES.map((role) => (
            <option key={role}>{role}</option>
          ))}
        </select>
      </div>
      <Field label="Brand (optional)" name="brandScope" hint="A brand's package name; empty: every brand." />
      <ErrorMessage error={error} />
      <button type="submit" disabled={busy}>
        Create
      </button>
    </form>
  );
}

function MemberRow({
  member,
  self,
  onChanged,
}: {
  member: StaffMember;
  self: boolean;
  onChanged: () => void;
}) {
  const [role, setRole] = useState<StaffRole>(member.role);
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
        {role !== member.role ? (
          <button
            type="button"
            onClick={() => act(() => opsCall('opsStaffChangeRole', { staffId: member.staffId, role }))}
          >
            Save role
          </button>
        ) : null}
      </td>
      <td>{member.brandScope ?? 'All brands'}</td>
      <td>{member.disabled ? 'Disabled' : member.setUp ? 'Active' : 'Set-up pending'}</td>
      <td>
        {self || member.disabled ? null : (
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
        )}
        <ErrorMessage error={error} />
      </td>
    </tr>
  );
}

export function StaffScreen() {
  const { member: me } = useSession();
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [created, setCreated] = useState<Created | null>(null);

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

  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title">Staff</h1>
      {failure ? <LoadFailure error={failure} /> : null}
      {staff ? (
        <>
          <CreateStaffForm
            onCreated={(next) => {
              setCreated(next);
              load();
            }}
          />
          {created ? (
            <div className="notice" role="status">
              <p>
                {created.email} was created. Send them this set-up link; it works once, until{' '}
                {dateTime(created.setupExpiresAt)}:
              </p>
              <input
                className="link-box"
                readOnly
                aria-label="Set-up link"
                value={created.setupLink}
                onFocus={(event) => event.currentTarget.select()}
              />{' '}
              <button type="button" onClick={() => navigator.clipboard?.writeText(created.setupLink)}>
                Copy
              </button>
            </div>
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
                  key={`${member.staffId}-${member.role}-${member.disabled}`}
                  member={member}
                  self={member.staffId === me?.staffId}
                  onChanged={load}
                />
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
