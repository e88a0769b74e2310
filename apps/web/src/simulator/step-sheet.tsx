import type { NativeStep } from '../lib/bridge/protocol.ts';

const STEP_TITLES: Record<NativeStep, string> = {
  personal_infomation: 'Basic information',
  additionalInfomation: 'Additional information',
  id_card_authentication: 'ID and face check',
  addBankCard: 'Bank or e-wallet account',
  loan_question: 'Credit history questions',
};

/** Stands in for a native step screen: the borrower finishes it (Done) or backs out. */
export function StepSheet({ step, onFinish }: { step: NativeStep; onFinish(completed: boolean): void }) {
  return (
    <div className="native-backdrop">
      <div className="native-sheet" role="dialog" aria-modal="true" aria-labelledby="native-step-title">
        <p className="native-kicker">Native step: {step}</p>
        <h1 id="native-step-title" className="native-sheet-title">
          {STEP_TITLES[step]}
        </h1>
        <p className="native-lead">The native app shows its own screen for this step here.</p>
        <div className="native-actions">
          <button type="button" className="native-button native-secondary" onClick={() => onFinish(false)}>
            Back
          </button>
          <button type="button" className="native-button" onClick={() => onFinish(true)}>
            Done
          </button>
        </div>
      </div>
    </div>
  );
}
