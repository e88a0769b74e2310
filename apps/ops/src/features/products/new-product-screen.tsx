import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { DEMO_LOAN_TERMS } from '@hiram/contract/demo-product';
import type { ProductTerms } from '@hiram/contract/ops/products';
import { useState } from 'react';
import { Field } from '../../components/field.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { ProductForm } from './product-form.tsx';
import { draftOf } from './terms-form.ts';

/** A new product, proposed by an admin and created when another approves; starts from the demo terms. */
export function NewProductScreen() {
  const session = useSession();
  const [notice, setNotice] = useState<string | null>(null);
  const [productId, setProductId] = useState('');
  const [packageName, setPackageName] = useState(session.member?.brandScope ?? '');

  const propose = async (terms: ProductTerms, reason: string) => {
    const proposal = await opsCall('opsProposalCreate', {
      kind: 'product.create',
      payload: { productId: productId.trim(), packageName: packageName.trim(), terms },
      reason,
    });
    setNotice(`Proposed: ${proposal.summary}. Another admin must approve it.`);
  };

  return (
    <section aria-labelledby="new-product-title">
      <p>
        <a href={paths.products.getHref()}>← Products</a>
      </p>
      <h1 id="new-product-title">New product</h1>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <ProductForm
        title="Terms"
        initial={draftOf({
          ...DEMO_LOAN_TERMS,
          tenureDays: [...DEMO_LOAN_TERMS.tenureDays],
          name: '',
          active: true,
        })}
        lender={null}
        channels={[]}
        coolingOffDays={null}
        onPropose={propose}
      >
        <div className="terms-grid">
          <Field
            label="Product id"
            hint="Lower-case letters, digits and dashes"
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
            required
          />
          <Field
            label="Brand (package name)"
            hint={`e.g. ${DEFAULT_PACKAGE_NAME}`}
            value={packageName}
            onChange={(event) => setPackageName(event.target.value)}
            readOnly={Boolean(session.member?.brandScope)}
            required
          />
        </div>
      </ProductForm>
    </section>
  );
}
