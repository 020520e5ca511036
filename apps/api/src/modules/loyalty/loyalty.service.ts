import {
  RULE_EVENTS,
  RULE_EVENT_FIELD,
  type LoyaltyRule,
  type ProgrammeStatus,
  type RuleEvent,
  type SaveLoyaltyRuleRequest,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findLoyaltyRules,
  findProgrammeEnabled,
  updateProgrammeEnabled,
  upsertLoyaltyRule,
  type LoyaltyRuleRow,
  type LoyaltyRuleValues,
} from './loyalty.repository.ts';

const HALALAS_PER_SAR = 100;

/** A method never saved reads as disabled with 0 points and the extra field's default empty. */
function toLoyaltyRule(event: RuleEvent, row: LoyaltyRuleRow | undefined): LoyaltyRule {
  const field = RULE_EVENT_FIELD[event];
  const points = row?.points ?? 0;
  return {
    event,
    points,
    enabled: points > 0,
    minRating: field === 'minRating' ? (row?.minRating ?? null) : null,
    requiredPurchases: field === 'requiredPurchases' ? (row?.requiredPurchases ?? null) : null,
    minOrderTotal:
      field === 'minOrderTotal' && row?.minOrderTotalHalalas != null
        ? Math.floor(row.minOrderTotalHalalas / HALALAS_PER_SAR)
        : null,
    maxPerCustomer: row?.maxPerCustomer ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Keeps only the extra field of the rule's own event; riyals become halalas. */
function toRuleValues(rule: SaveLoyaltyRuleRequest): LoyaltyRuleValues {
  return {
    event: rule.event,
    points: rule.points,
    maxPerCustomer: rule.maxPerCustomer,
    minRating: 'minRating' in rule ? rule.minRating : null,
    requiredPurchases: 'requiredPurchases' in rule ? rule.requiredPurchases : null,
    minOrderTotalHalalas: 'minOrderTotal' in rule ? rule.minOrderTotal * HALALAS_PER_SAR : null,
  };
}

export function createLoyaltyService({ db }: Pick<AppContext, 'db'>) {
  /** All six methods, in the screen's order, whether saved or not. */
  async function findRules({ merchantId }: { merchantId: number }): Promise<LoyaltyRule[]> {
    const rows = await findLoyaltyRules(db, merchantId);
    const byEvent = new Map(rows.map((row) => [row.event, row]));
    return RULE_EVENTS.map((event) => toLoyaltyRule(event, byEvent.get(event)));
  }

  /** Saves one method by event. `points: 0` keeps the row (and its conditions) but disables it. */
  async function updateRule({
    merchantId,
    rule,
  }: {
    merchantId: number;
    rule: SaveLoyaltyRuleRequest;
  }): Promise<LoyaltyRule> {
    const row = await upsertLoyaltyRule(db, merchantId, toRuleValues(rule));
    return toLoyaltyRule(rule.event, row);
  }

  async function getProgramme({ merchantId }: { merchantId: number }): Promise<ProgrammeStatus> {
    const enabled = await findProgrammeEnabled(db, merchantId);
    if (enabled === undefined) throw new AppError('NOT_FOUND');
    return { enabled };
  }

  /** Paused: the engine awards nothing, and redeeming answers PROGRAMME_PAUSED, until resumed. */
  async function updateProgramme({
    merchantId,
    enabled,
  }: {
    merchantId: number;
    enabled: boolean;
  }): Promise<ProgrammeStatus> {
    const saved = await updateProgrammeEnabled(db, merchantId, enabled);
    if (saved === undefined) throw new AppError('NOT_FOUND');
    return { enabled: saved };
  }

  return { findRules, updateRule, getProgramme, updateProgramme };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
