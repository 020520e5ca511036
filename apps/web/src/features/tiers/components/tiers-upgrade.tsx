import { useTranslation } from 'react-i18next';
import { Crown } from 'lucide-react';
import { UpgradePrompt } from '../../../components/ui/upgrade-prompt';

/** A starter store: what tiers would do, and where to upgrade. */
export function TiersUpgrade() {
  const { t } = useTranslation('tiers');
  return (
    <UpgradePrompt
      icon={Crown}
      title={t('upgrade.title')}
      text={t('upgrade.text')}
      action={t('upgrade.action')}
      testId="tiers-upgrade"
    />
  );
}
