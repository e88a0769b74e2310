import { useState } from 'react';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { BrandForm } from './brand-form.tsx';

/** Add a brand (admins): proposed here, added when another admin approves it. */
export function NewBrandScreen() {
  const isAdmin = useSession().member?.role === 'admin';
  const [proposed, setProposed] = useState<string | null>(null);
  return (
    <section aria-labelledby="new-brand-title">
      <p>
        <a href={paths.brands.getHref()}>← Brands</a>
      </p>
      <h1 id="new-brand-title">Add a brand</h1>
      {!isAdmin ? (
        <div className="refused" role="alert">
          <h2>Not allowed (403)</h2>
          <p>Only admins add brands.</p>
        </div>
      ) : proposed ? (
        <p className="notice" role="status">
          {proposed} It is added once another admin approves it.
        </p>
      ) : (
        <BrandForm brand={null} onProposed={(proposal) => setProposed(`Proposed: ${proposal.summary}.`)} />
      )}
    </section>
  );
}
