import { BRAND_COLOUR_NAMES } from '@hiram/contract/brand-look';
import { type BrandDetail, demoRegistrationNumbers } from '@hiram/contract/ops/brands';
import { channelName, isChannelId } from '@hiram/contract/repayment';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DemoRegistrationWarning } from '../../components/demo-registration-warning.tsx';
import { PendingProposals } from '../../components/pending-proposals.tsx';
import { Swatch } from '../../components/swatch.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { BrandForm } from './brand-form.tsx';
import { COLOUR_LABELS } from './colour-labels.ts';

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="masked-fields">
      {rows.map(([label, value]) => (
        <div className="masked-field" key={label}>
          <dt>{label}</dt>
          <dd>{value === '' || value === null ? <small>not set</small> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One brand: its settings, its pending proposals (a checker may decide them here), and for admins the form
 * that proposes a change (ADR 0033).
 */
export function BrandScreen({ packageName }: { packageName: string }) {
  const member = useSession().member;
  const [brand, setBrand] = useState<BrandDetail | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  // Asks the pending list to read again after the page proposes a change.
  const [proposals, setProposals] = useState(0);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setBrand(await opsCall('opsBrandView', { packageName }));
      setFailure(null);
    } catch (problem) {
      setFailure(problem);
    }
  }, [packageName]);
  useEffect(() => {
    load();
  }, [load]);

  if (failure) return <LoadFailure error={failure} />;
  if (!brand) return <p aria-live="polite">Loading…</p>;

  return (
    <section aria-labelledby="brand-title" className="brand-page">
      <p>
        <a href={paths.brands.getHref()}>← Brands</a>
      </p>
      <h1 id="brand-title" className="brand-heading">
        {brand.logoUrl ? <img src={brand.logoUrl} alt="" width={40} height={40} /> : null}
        {brand.appName} <code>{brand.packageName}</code>
      </h1>
      <DemoRegistrationWarning
        brands={[{ ...brand, demoRegistrationNumbers: demoRegistrationNumbers(brand.lender) }]}
        linkToBrand={false}
      />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}

      <PendingProposals
        targetType="brand"
        targetId={packageName}
        refreshKey={proposals}
        onDecided={(_, decision) => {
          setNotice(null);
          // An approved change is live: the page shows the brand as it is now.
          if (decision === 'approve') load();
        }}
      />

      {member?.role === 'admin' ? (
        editing ? (
          <>
            <h2>Propose a change</h2>
            <BrandForm
              brand={brand}
              onProposed={async (proposal) => {
                setEditing(false);
                setNotice(`Proposed: ${proposal.summary}. Another admin approves it.`);
                setProposals((n) => n + 1);
                await load();
              }}
            />
          </>
        ) : (
          <p>
            <button type="button" onClick={() => setEditing(true)}>
              Propose a change
            </button>
          </p>
        )
      ) : null}

      {editing ? null : (
        <div className="brand-columns">
          <section aria-labelledby="look-title">
            <h2 id="look-title">Look</h2>
            <Facts
              rows={[
                ...BRAND_COLOUR_NAMES.map(
                  (name) =>
                    [COLOUR_LABELS[name], <Swatch key={name} colour={brand.colours[name]} />] as [
                      string,
                      ReactNode,
                    ],
                ),
                ['Palette', brand.defaultColours ? "the app's built-in colours" : 'own'],
                ['Logo', brand.logoUrl ? 'uploaded' : "the app name's first letter"],
              ]}
            />
            <h2>Identity</h2>
            <Facts
              rows={[
                ['App name', brand.appName],
                ['SMS sender name', brand.smsSenderName],
                ['Google Play', brand.androidUrl ?? ''],
                ['App Store', brand.iosUrl ?? ''],
                ['Parent origins', brand.parentOrigins.join(', ')],
              ]}
            />
          </section>
          <section aria-labelledby="lender-title">
            <h2 id="lender-title">Lender registration</h2>
            <Facts
              rows={[
                ['Corporate name', brand.lender.corporateName],
                ['SEC registration', brand.lender.secRegistrationNumber],
                ['Certificate of Authority', brand.lender.certificateOfAuthorityNumber],
                ['Address', brand.lender.address],
              ]}
            />
            <h2>Customer service and terms</h2>
            <Facts
              rows={[
                ['E-mail', brand.supportEmail],
                ['Phone', brand.supportPhone],
                ['Hours', brand.supportHours],
                ['Cooling-off', `${brand.coolingOffDays} days`],
                ['Promise to pay', `up to ${brand.promiseMaxDays} days ahead`],
                ['CIC provider code', brand.cicProviderCode ?? 'not set'],
                [
                  'Channels closed',
                  brand.closedChannels
                    .filter(isChannelId)
                    .map((channel) => channelName(channel, 'en'))
                    .join(', ') || 'none: every channel is open',
                ],
              ]}
            />
          </section>
        </div>
      )}
    </section>
  );
}
