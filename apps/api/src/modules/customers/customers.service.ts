import type { AppContext } from '../../context.ts';
import { createCustomerAccountService } from './customers-account.service.ts';
import { createCustomerAdjustService } from './customers-adjust.service.ts';
import { createCustomerImportService } from './customers-import.service.ts';
import { createCustomersListService } from './customers-list.service.ts';
import { createCustomerPrivacyService } from './customers-privacy.service.ts';

/**
 * The merchant's customers, one job per file: the list and its CSV exports, one account, the
 * merchant's adjustments, the opening-balance import, and the shopper's data rights.
 */
export function createCustomersService(ctx: AppContext) {
  const { listCustomers, exportCustomersCsv, exportLedgerCsv } = createCustomersListService(ctx);
  const { getAccount, getLedger } = createCustomerAccountService(ctx);
  const { adjust, forgiveDebt } = createCustomerAdjustService(ctx);
  const { importBalances } = createCustomerImportService(ctx);
  const { exportData, erase } = createCustomerPrivacyService(ctx);

  return {
    listCustomers,
    exportCustomersCsv,
    exportLedgerCsv,
    getAccount,
    getLedger,
    adjust,
    forgiveDebt,
    importBalances,
    exportData,
    erase,
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
