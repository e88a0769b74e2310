import type { AssessmentOutcome, AssessmentReason } from '@hiram/contract/assessment';
import type { AssessmentPolicy, DecisionFacts, RuleResult } from '@hiram/contract/credit-policy';
import { Engine } from 'json-rules-engine';

/**
 * The credit policy's rules run by json-rules-engine (ADR 0069): each rule of a version becomes one engine
 * rule whose event is its reason. We write no interpreter of our own: the engine evaluates the conditions the
 * risk officer wrote, on the facts the server gathered. Compile once per version, run once per application;
 * a backtest runs one compiled policy over many applications.
 */
export interface CompiledPolicy {
  policy: AssessmentPolicy;
  engine: Engine;
}

export interface PolicyVerdict {
  outcome: AssessmentOutcome;
  /** The reasons of the rules that fired, in the policy's order. */
  reasons: AssessmentReason[];
  /** Every rule's result, fired or not, in the policy's order. */
  rules: RuleResult[];
}

export function compilePolicy(policy: AssessmentPolicy): CompiledPolicy {
  // Facts the policy does not name are still passed; an unknown one in a condition is refused by the schema
  // before it gets here, so undefined facts are an error, not a silent false.
  const engine = new Engine([], { allowUndefinedFacts: false });
  policy.rules.forEach((rule, priority) => {
    engine.addRule({
      name: rule.reason,
      // Highest first keeps the engine's evaluation in the policy's order; the results are sorted anyway.
      priority: policy.rules.length - priority,
      conditions: rule.conditions,
      event: { type: rule.reason, params: { band: rule.band } },
    });
  });
  return { policy, engine };
}

export async function evaluatePolicy(compiled: CompiledPolicy, facts: DecisionFacts): Promise<PolicyVerdict> {
  const { events } = await compiled.engine.run({ ...facts });
  const fired = new Set(events.map((event) => event.type));
  const rules: RuleResult[] = compiled.policy.rules.map((rule) => ({
    reason: rule.reason,
    band: rule.band,
    fired: fired.has(rule.reason),
    conditions: rule.conditions,
  }));
  const firing = rules.filter((rule) => rule.fired);
  const outcome: AssessmentOutcome = firing.some((rule) => rule.band === 'reject')
    ? 'reject'
    : firing.length > 0
      ? 'refer'
      : 'approve';
  return { outcome, reasons: firing.map((rule) => rule.reason), rules };
}
