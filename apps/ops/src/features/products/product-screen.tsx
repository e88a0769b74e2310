import { formatPeso } from '@hiram/contract/money';
import type { Proposal } from '@hiram/contract/ops/approvals';
import type { ProductTerms } from '@hiram/contract/ops/products';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { useCallback, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { percent } from './percent.ts';
import { ProductForm } from './product-form.tsx';
import { draftOf } from './terms-form.ts';

type View = OpsResponseOf<'opsProductView'>;
type VersionTerms = Omit<ProductTerms, 'active'>;

/**
 * One product: its terms now, every version with the loans signed on it, the changes waiting for approval, and
 * for an admin the change form with the cap guard live and the Disclosure Statement preview.
 */
export function ProductScreen({ productId }: { productId: string }) {
  const session = useSession();
  const role = session.member?.role;
  const [view, setView] = useState<View | null>(null);
  const [pending, setPending] = useState<Proposal[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [decideError, setDecideError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setView(await opsCall('opsProductView', { productId }));
      // Viewers read products but not proposals (maker-checker is for the roles that act).
      if (role && role !== 'viewer') {
        const proposals = await opsCall('opsProposalList', {
          status: 'pending',
          targetType: 'product',
          targetId: productId,
          page: 1,
          pageSize: 20,
        });
        setPending(proposals.items);
      }
      setFailure(null);
    } catch (error) {
      setFailure(error);
    }
  }, [productId, role]);
  useEffect(() => {
    load();
  }, [load]);

  const propose = async (terms: ProductTerms, reason: string) => {
    if (!view) return;
    const proposal = await opsCall('opsProposalCreate', {
      kind: 'product.change',
      payload: { productId, version: view.version, terms },
      reason,
    });
    setNotice(`Proposed: ${proposal.summary}. Another admin must approve it.`);
    await load();
  };

  const decide = async (proposalId: string, decision: 'approve' | 'reject') => {
    try {
      const { outcomes } = await opsCall('opsProposalDecide', { proposalIds: [proposalId], decision });
      const outcome = outcomes[0];
      if (outcome?.errorCode) setDecideError(outcome.message ?? 'The decision was refused.');
      else {
        setDecideError(null);
        setNotice(decision === 'approve' ? 'Approved: the product has its new terms.' : 'Rejected.');
      }
      await load();
    } catch (error) {
      setDecideError(error instanceof OpsApiError ? error.message : 'The decision could not be sent.');
    }
  };

  if (failure) return <LoadFailure error={failure} />;
  if (!view) return <p aria-live="polite">Loading…</p>;

  return (
    <section aria-labelledby="product-title" className="product">
      <p>
        <a href={paths.products.getHref()}>← Products</a>
      </p>
      <h1 id="product-title">{view.terms.name}</h1>
      <p>
        <code>{view.productId}</code> · {view.packageName} · version {view.version} ·{' '}
        {view.terms.active ? 'active' : 'inactive'} · {view.loansSigned} loans signed
      </p>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}

      <h2>Versions</h2>
      <p className="hint">
        A change of terms is a new version; a loan keeps the version it was quoted and signed on.
      </p>
      <DataTable
        label="Versions"
        rows={view.versions}
        rowKey={(v) => v.version}
        columns={[
          { header: 'Version', numeric: true, cell: (v) => v.version },
          { header: 'Name', cell: (v) => v.terms.name },
          ...TERM_COLUMNS,
          { header: 'Loans signed', numeric: true, cell: (v) => v.loansSigned },
        ]}
      />

      {role && role !== 'viewer' ? (
        <>
          <h2>Waiting for approval</h2>
          <ErrorMessage error={decideError} />
          <DataTable
            label="Changes waiting for approval"
            rows={pending}
            rowKey={(p) => p.proposalId}
            empty="No change is waiting."
            columns={[
              { header: 'Change', cell: (p) => <span className="change">{p.summary}</span> },
              { header: 'Reason', cell: (p) => p.reason },
              {
                header: 'Proposed',
                cell: (p) => (
                  <>
                    {p.proposedBy.email}
                    <br />
                    <small>{dateTime(p.proposedAt)}</small>
                  </>
                ),
              },
              {
                header: 'Decision',
                cell: (p) =>
                  p.decidable ? (
                    <span className="actions">
                      <button type="button" onClick={() => decide(p.proposalId, 'approve')}>
                        Approve
                      </button>
                      <button type="button" className="danger" onClick={() => decide(p.proposalId, 'reject')}>
                        Reject
                      </button>
                    </span>
                  ) : (
                    <small>Another admin decides</small>
                  ),
              },
            ]}
          />
        </>
      ) : null}

      {role === 'admin' ? (
        <ProductForm
          key={view.version}
          title="Propose a change"
          initial={draftOf(view.terms)}
          lender={view.lender}
          channels={view.repaymentChannels}
          onPropose={propose}
        />
      ) : null}
    </section>
  );
}

const TERM_COLUMNS = [
  {
    header: 'Amounts',
    numeric: true,
    cell: (v: { terms: VersionTerms }) =>
      `${formatPeso(v.terms.minAmount)}–${formatPeso(v.terms.maxAmount)} by ${formatPeso(v.terms.amountStep)}`,
  },
  {
    header: 'Tenures',
    numeric: true,
    cell: (v: { terms: VersionTerms }) => `${v.terms.tenureDays.join(', ')} days`,
  },
  {
    header: 'Interest',
    numeric: true,
    cell: (v: { terms: VersionTerms }) =>
      `${percent(v.terms.monthlyInterestBps)} a month, ${v.terms.interestMethod}`,
  },
  { header: 'Fee', numeric: true, cell: (v: { terms: VersionTerms }) => percent(v.terms.processingFeeBps) },
  {
    header: 'Penalty',
    numeric: true,
    cell: (v: { terms: VersionTerms }) => `${percent(v.terms.dailyPenaltyBps)} a day`,
  },
  {
    header: 'Extension',
    numeric: true,
    cell: (v: { terms: VersionTerms }) =>
      `${v.terms.extensionDays} days, ${percent(v.terms.extensionFeeBps)}`,
  },
];
