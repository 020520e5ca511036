import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import {
  EmbeddedMerchantLayout,
  MerchantLayout,
} from '../../../components/layouts/merchant-layout';
import { useLogout } from '../../../features/auth/api/logout';
import { programmeStatusQueryOptions } from '../../../features/loyalty/api/get-programme-status';
import { useStoreInfo } from '../../../features/store/api/get-store-info';
import {
  StoreStateBanner,
  storeStateOf,
} from '../../../features/store/components/store-state-banner';
import { DemoBanner } from '../../../features/store/components/demo-banner';
import { isEmbeddedDocument } from '../../../lib/embedded';
import { getMerchantId, getMerchantName } from '../../../lib/session';

export function MerchantLayoutRoute() {
  const storeInfo = useStoreInfo();
  // Never fetched here: once /setpoints has loaded or switched the programme, its answer is the
  // freshest, so pausing or resuming changes the banner at once.
  const programme = useQuery({ ...programmeStatusQueryOptions(getMerchantId()), enabled: false });
  const programmeEnabled = programme.data?.enabled ?? storeInfo.data?.programmeEnabled ?? true;
  const logout = useLogout();
  const banner = (
    <>
      {storeInfo.data?.readOnly ? <DemoBanner /> : null}
      <StoreStateBanner state={storeStateOf(storeInfo.data, programmeEnabled)} />
    </>
  );
  // Inside the Salla dashboard, Salla's frame gives the store, the user, language and theme.
  if (isEmbeddedDocument())
    return (
      <EmbeddedMerchantLayout>
        {banner}
        <Outlet />
      </EmbeddedMerchantLayout>
    );
  return (
    <MerchantLayout
      storeName={storeInfo.data?.storeName ?? getMerchantName()}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
    >
      {banner}
      <Outlet />
    </MerchantLayout>
  );
}
