import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** A method's state: on and earning, on while the store earns nothing, or off. */
export function MethodBadge({ enabled, earning }: { enabled: boolean; earning: boolean }) {
  const { t } = useTranslation('loyalty');
  if (!enabled) return <Badge tone="grey">{t('methods.inactive')}</Badge>;
  return earning ? (
    <Badge tone="green">{t('methods.active')}</Badge>
  ) : (
    <Badge tone="yellow">{t('methods.idle')}</Badge>
  );
}
