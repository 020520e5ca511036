/**
 * The debts module's front door: the only file other modules may import (docs/decisions/016).
 */
export { createDebtRecovery } from './debt-recovery.service.ts';
export type { DebtRecovery } from './debt-recovery.service.ts';
