import { SigningScreen } from './signing-screen.tsx';

/** agreement (SPEC section 2): the loan agreement's text and its statement, then the same tick and Sign. */
export function AgreementScreen() {
  return <SigningScreen variant="agreement" />;
}
