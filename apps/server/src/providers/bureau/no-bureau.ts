import {
  type BureauAnswer,
  type BureauConsent,
  BureauError,
  type BureauProvider,
  type BureauSubject,
} from './bureau-provider.ts';

/**
 * BUREAU_PROVIDER=none: no bureau is connected (ADR 0071: no Philippine bureau publishes the API an adapter
 * would be written to). Every inquiry is unavailable, so a policy that asks the bureau refers each
 * application to a person instead of deciding on a report that does not exist.
 */
export class NoBureau implements BureauProvider {
  readonly name = 'none';

  async inquire(_subject: BureauSubject, _consent: BureauConsent): Promise<BureauAnswer> {
    throw new BureauError('unavailable', 'no credit bureau is connected (BUREAU_PROVIDER=none)');
  }
}
