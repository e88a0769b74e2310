import { formatPeso } from '@hiram/contract/money';
import type { ProductTerms } from '@hiram/contract/ops/products';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { useCallback, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { PendingProposals } from '../../components/pending-proposals.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall } from '../../lib/api.ts';
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
  // Asks the pending list to read again after the page proposes a change.
  const [proposals, setProposals] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [_decideError, _setDecideError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setView(await opsCall('opsProductView', { productId }));
      setFailure(null);
    } catch (error) {
      setFailure(error);
    }
  }, [productId]);
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
    setProposals((n) => n + 1);
    await load();
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

      <PendingProposals
        targetType="product"
        targetId={productId}
        refreshKey={proposals}
        onDecided={(_, decision) => {
          setNotice(null);
          // Approved terms are a new version: the page shows the product as it is now.
          if (decision === 'approve') load();
        }}
      />

      {role === 'admin' ? (
        <ProductForm
          key={view.version}
          title="Propose a change"
          initial={draftOf(view.terms)}
          lender={view.lender}
          channels={view.repaymentChannels}
          coolingOffDays={view.coolingOffDays}
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
