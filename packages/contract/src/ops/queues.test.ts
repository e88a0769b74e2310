import { describe, expect, it } from 'vitest';
import { PROPOSAL_KINDS } from './approvals.ts';
import { STAFF_ROLES } from './endpoint.ts';
import { queueRoles } from './queues.ts';

describe('the dashboard queues', () => {
  it('shows the approvals tile to every role that may decide a proposal, and to no other', () => {
    const checkers = STAFF_ROLES.filter((role) =>
      Object.values(PROPOSAL_KINDS).some((kind) => (kind.checkers as readonly string[]).includes(role)),
    );
    expect([...queueRoles('pendingApprovals')].sort()).toEqual([...checkers].sort());
  });
});
