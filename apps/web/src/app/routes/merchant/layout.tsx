import { Outlet } from 'react-router';
import { MerchantLayout } from '../../../components/layouts/merchant-layout';
import { useLogout } from '../../../features/auth/api/logout';
import { useStoreInfo } from '../../../features/store/api/get-store-info';
import { getMerchantName } from '../../../lib/session';

export function MerchantLayoutRoute() {
  const storeInfo = useStoreInfo();
  const logout = useLogout();
  return (
    <MerchantLayout
      storeName={storeInfo.data?.storeName ?? getMerchantName()}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
    >
      <Outlet />
    </MerchantLayout>
  );
}
