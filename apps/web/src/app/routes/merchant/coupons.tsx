import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Gift } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { ToastProvider } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { CouponsList } from '../../../features/coupons/components/coupons-list';
import { useDocumentTitle } from '../../../lib/document-title';

export function CouponsRoute() {
  const { t } = useTranslation(['merchant', 'coupons']);
  useDocumentTitle('merchant:screens.coupons.title');
  return (
    <ToastProvider>
      <div className="space-y-8">
        <PageHeader
          title={t('merchant:screens.coupons.title')}
          description={t('merchant:screens.coupons.description')}
          actions={
            <Link to={paths.rewards} className={buttonClasses({ variant: 'secondary' })}>
              <Gift aria-hidden="true" className="size-4" />
              {t('coupons:manageRewards')}
            </Link>
          }
        />
        <CouponsList />
      </div>
    </ToastProvider>
  );
}
