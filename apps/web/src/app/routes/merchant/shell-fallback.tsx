import { useLogout } from '../../../features/auth/api/logout';
import { isEmbeddedDocument } from '../../../lib/embedded';
import { getMerchantName, hasSession } from '../../../lib/session';
import { LoadingState } from '../../../components/ui/spinner';
import { PageSkeleton } from '../../../components/ui/skeleton';
import {
  EmbeddedMerchantLayout,
  MerchantLayout,
} from '../../../components/layouts/merchant-layout';

/**
 * What a hard reload of a back-office screen shows while its code and first data load (issue
 * 27): the app's own shell — the side menu, the top bar with the store's name kept at sign-in,
 * the language and theme toggles — drawn at once, with the screen's skeleton inside. The shell
 * is the same component the screens render in, so nothing moves when they arrive. Without a
 * session the route sends the visitor to /login: no shell flashes first.
 */
export function MerchantShellFallback() {
  const logout = useLogout();
  if (isEmbeddedDocument())
    return (
      <EmbeddedMerchantLayout>
        <PageSkeleton />
      </EmbeddedMerchantLayout>
    );
  if (!hasSession()) return <LoadingState className="min-h-dvh" />;
  return (
    <MerchantLayout
      storeName={getMerchantName()}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
    >
      <PageSkeleton />
    </MerchantLayout>
  );
}
