import { useParams } from 'react-router';
import { ToastProvider } from '../../../components/ui/toast';
import { CustomerAccountView } from '../../../features/customers/components/customer-account';
import { useDocumentTitle } from '../../../lib/document-title';

export function CustomerRoute() {
  useDocumentTitle('merchant:screens.customers.title');
  const { id = '' } = useParams();
  return (
    <ToastProvider>
      <CustomerAccountView key={id} customerId={id} />
    </ToastProvider>
  );
}
