import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { ToastProvider } from '../../../components/ui/toast';
import { CustomersList } from '../../../features/customers/components/customers-list';
import { ImportDialog } from '../../../features/customers/components/import-dialog';
import { LedgerExport } from '../../../features/customers/components/ledger-export';
import { useStoreTiers } from '../../../features/tiers/api/get-tiers';
import { useDocumentTitle } from '../../../lib/document-title';

export function CustomersRoute() {
  const { t } = useTranslation(['merchant', 'customers']);
  useDocumentTitle('merchant:screens.customers.title');
  const [importing, setImporting] = useState(false);
  const tiers = useStoreTiers();
  return (
    <ToastProvider>
      <div className="space-y-8">
        <PageHeader
          title={t('merchant:screens.customers.title')}
          description={t('merchant:screens.customers.description')}
          actions={
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" className="size-4" />
              {t('customers:import.open')}
            </Button>
          }
        />
        <CustomersList tiers={tiers} />
        <LedgerExport />
        <ImportDialog open={importing} onOpenChange={setImporting} />
      </div>
    </ToastProvider>
  );
}
