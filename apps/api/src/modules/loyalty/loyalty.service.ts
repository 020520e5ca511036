import {
  HALALAS_PER_RIYAL,
  RULE_EVENTS,
  ruleTakesField,
  type LoyaltyRule,
  type ProgrammeStatus,
  type RuleEvent,
  type SaveLoyaltyRuleRequest,
} from '@nuqat/contracts';
import { setProgrammeEnabled } from '../merchants/index.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findLoyaltyRules,
  findProgrammeEnabled,
  upsertLoyaltyRule,
  type LoyaltyRuleRow,
  type LoyaltyRuleValues,
} from './loyalty.repository.ts';

/** A method never saved reads as disabled with 0 points and the extra fields empty. */
function toLoyaltyRule(event: RuleEvent, row: LoyaltyRuleRow | undefined): LoyaltyRule {
  const takes = (field: Parameters<typeof ruleTakesField>[1]) => ruleTakesField(event, field);
  const points = row?.points ?? 0;
  return {
    event,
    points,
    enabled: points > 0,
    minRating: takes('minRating') ? (row?.minRating ?? null) : null,
    requiredPurchases: takes('requiredPurchases') ? (row?.requiredPurchases ?? null) : null,
    minOrderTotal:
      takes('minOrderTotal') && row?.minOrderTotalHalalas != null
        ? Math.floor(row.minOrderTotalHalalas / HALALAS_PER_RIYAL)
        : null,
    // The API writes whole riyals; a unit written otherwise reads as the nearest, at least 1.
    spendUnit:
      takes('spendUnit') && row?.spendUnitHalalas != null
        ? Math.max(1, Math.round(row.spendUnitHalalas / HALALAS_PER_RIYAL))
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
    minOrderTotalHalalas: 'minOrderTotal' in rule ? rule.minOrderTotal * HALALAS_PER_RIYAL : null,
    spendUnitHalalas: 'spendUnit' in rule ? rule.spendUnit * HALALAS_PER_RIYAL : null,
  };
}

export function createLoyaltyService({ db }: Pick<AppContext, 'db'>) {
  /** Every method (the spec's six, then points per riyal), whether saved or not. */
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
    const saved = await setProgrammeEnabled(db, merchantId, enabled);
    if (saved === undefined) throw new AppError('NOT_FOUND');
    return { enabled: saved };
  }

  return { findRules, updateRule, getProgramme, updateProgramme };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
