import { LENDER_FIELD_LABELS, type RegistrationNumber } from '@hiram/contract/ops/brands';
import { paths } from '../config/paths.ts';

export interface BrandWithDemoNumbers {
  packageName: string;
  appName: string;
  demoRegistrationNumbers: readonly RegistrationNumber[];
}

/**
 * A brand whose SEC registration or Certificate of Authority number is still the seed's "(demo)" placeholder:
 * borrowers read those numbers on the Disclosure Statement they sign, so the console says so on the brand
 * page and the dashboard until an approved change replaces them.
 */
export function DemoRegistrationWarning({
  brands,
  linkToBrand,
}: {
  brands: readonly BrandWithDemoNumbers[];
  linkToBrand: boolean;
}) {
  const flagged = brands.filter((brand) => brand.demoRegistrationNumbers.length > 0);
  if (flagged.length === 0) return null;
  return (
    <div className="warning" role="note" aria-label="Demo registration numbers">
      {flagged.map((brand) => {
        const names = brand.demoRegistrationNumbers.map((key) => LENDER_FIELD_LABELS[key]).join(' and ');
        return (
          <p key={brand.packageName}>
            <strong>Demo {names}</strong> for{' '}
            {linkToBrand ? (
              <a href={paths.brand.getHref(brand.packageName)}>{brand.appName}</a>
            ) : (
              brand.appName
            )}
            : borrowers read {brand.demoRegistrationNumbers.length > 1 ? 'them' : 'it'} on the Disclosure
            Statement they sign. Replace {brand.demoRegistrationNumbers.length > 1 ? 'them' : 'it'} with the
            lender's own before lending (a brand change, approved by a second admin).
          </p>
        );
      })}
    </div>
  );
}
