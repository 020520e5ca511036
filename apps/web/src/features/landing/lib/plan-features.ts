import { PLANS, PLAN_IDS, type Plan, type PlanId } from '@nuqat/contracts';

/**
 * A plan that has every feature of the plan before it lists only what it adds ("Everything in
 * Starter, plus:"). Computed from PLANS, the one definition the back-office uses too.
 */
export function planFeatureList(planId: PlanId): {
  includes: PlanId | null;
  features: Plan['features'];
} {
  const plan = PLANS[planId];
  const previousId = PLAN_IDS[PLAN_IDS.indexOf(planId) - 1];
  if (!previousId) return { includes: null, features: plan.features };
  const previous = PLANS[previousId];
  if (!previous.features.every((feature) => plan.features.includes(feature)))
    return { includes: null, features: plan.features };
  return {
    includes: previousId,
    features: plan.features.filter((feature) => !previous.features.includes(feature)),
  };
}
