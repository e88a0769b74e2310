import { ASSESSMENT_V1, type DecisionFacts } from '@hiram/contract/credit-policy';
import { conditionsText } from '@hiram/contract/ops/credit-policy';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DecisionRecord } from './decision-record.tsx';

/** The review screen's decision record, drawn without a browser: what a reviewer reads in it. */
const facts: DecisionFacts = {
  ageKnown: true,
  age: 35,
  profileComplete: true,
  identityVerified: true,
  payoutAccountVerified: true,
  questionnaireAnswered: true,
  overdueElsewhereAnswer: 'none',
  loansBeingPaidAnswer: 'none',
  incomeKnown: true,
  repaymentShareBps: 1_234,
  totalPayable: 545_500,
  tenureDays: 91,
  earlierOrderFellOverdue: false,
  loansRepaid: 2,
  sameIdNumberAccounts: 1,
  sameTaxNumberAccounts: 0,
  samePayoutAccountAccounts: 0,
  sameDeviceAccounts: 0,
  samePhotoAccounts: 0,
  payoutNameMismatch: false,
  deviceApplications: 1,
  addressApplications: 1,
  bureauStatus: 'ok',
  bureauScore: 640,
  bureauOpenLoans: 3,
  bureauMaxDaysPastDue: 12,
};
const other = '3f6f7b2c-1111-4222-8333-444455556666';

function drawn(change: Partial<Parameters<typeof DecisionRecord>[0]['decision']> = {}) {
  return renderToStaticMarkup(
    createElement(DecisionRecord, {
      decision: {
        policyVersion: 3,
        variant: 'challenger',
        rules: ASSESSMENT_V1.rules.map((rule) => ({
          reason: rule.reason,
          band: rule.band,
          fired: rule.reason === 'severalLoansOpen',
        })),
        facts,
        fraudHits: [{ reason: 'sameIdElsewhere', otherUserIds: [other] }],
        bureauReport: {
          provider: 'sandbox',
          status: 'ok',
          report: { score: 640, accounts: { open: 3, pastDue: 1 } },
          error: null,
        },
        ...change,
      },
    }),
  );
}

describe('the decision record on the review screen', () => {
  it('names the version and variant, every rule with its band and result, and the key facts', () => {
    const html = drawn();
    expect(html).toContain('version 3</strong> (the challenger)');
    expect(html).toContain('Paying three or four loans');
    expect(html).toContain('Yes: refer');
    expect(html.match(/<tr/g)?.length).toBe(ASSESSMENT_V1.rules.length + 1);
    expect(html).toContain('12.34% a month');
    expect(html).toContain('Bureau score');
  });

  it("says what each rule tested, with the version's own thresholds", () => {
    const html = drawn({
      rules: ASSESSMENT_V1.rules.map((rule) => ({ ...rule, fired: false })),
    });
    const age = ASSESSMENT_V1.rules.find((rule) => rule.reason === 'age');
    expect(age && html).toContain(conditionsText(age?.conditions ?? { all: [] }));
    expect(html).toMatch(/Age[^<]*65/);
  });

  it("links each fraud hit to the other account's borrower page, and lists the bureau report", () => {
    const html = drawn();
    expect(html).toContain('National ID number used by another account');
    expect(html).toContain(`href="#/borrower?id=${other}"`);
    expect(html).toContain('<dt>report.accounts.pastDue</dt><dd>1</dd>');
    expect(html).toContain('<dt>error</dt><dd>—</dd>');
  });

  it('says when no other account shares her details, and shows no bureau section when not asked', () => {
    const html = drawn({ fraudHits: [], bureauReport: null, variant: 'champion' });
    expect(html).toContain('the version in force');
    expect(html).toContain('No other account shares');
    expect(html).not.toContain('Credit bureau report');
  });
});
