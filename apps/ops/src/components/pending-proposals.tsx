import type { Proposal, ProposalTargetType } from '@hiram/contract/ops/approvals';
import { useEffect, useState } from 'react';
import { paths } from '../config/paths.ts';
import { opsCall } from '../lib/api.ts';
import { timeAgo } from '../lib/time-ago.ts';

interface PendingProposalsProps {
  targetType: ProposalTargetType;
  targetId: string;
  /** Changed by the page after it proposes something, to list it at once. */
  refreshKey?: number;
}

/**
 * The changes waiting for a second member's approval on one borrower, loan, product or brand, shown on its
 * page so nobody proposes or does the same thing twice (ADR 0028). Shows nothing when none waits, or to a
 * role that may not read proposals (viewer).
 */
export function PendingProposals({ targetType, targetId, refreshKey = 0 }: PendingProposalsProps) {
  const [items, setItems] = useState<Proposal[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey asks for a fresh list
  useEffect(() => {
    let current = true;
    opsCall('opsProposalList', { status: 'pending', targetType, targetId, pageSize: 100 }).then(
      (page) => current && setItems(page.items),
      () => current && setItems([]),
    );
    return () => {
      current = false;
    };
  }, [targetType, targetId, refreshKey]);

  if (items.length === 0) return null;
  return (
    <section className="pending-proposals" aria-label="Waiting for approval">
      <h2>Waiting for approval ({items.length})</h2>
      <ul>
        {items.map((proposal) => (
          <li key={proposal.proposalId}>
            <strong>{proposal.label}</strong>: {proposal.summary}
            <small>
              {' '}
              · proposed by {proposal.proposedBy.email}, {timeAgo(proposal.proposedAt)} ago · “
              {proposal.reason}”
            </small>
          </li>
        ))}
      </ul>
      <a href={paths.approvals.getHref()}>Open the approvals inbox</a>
    </section>
  );
}
