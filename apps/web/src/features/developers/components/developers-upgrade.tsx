import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { UpgradePrompt } from '../../../components/ui/upgrade-prompt';

/** A Starter store's view of the section: what the Growth plan's open API and webhooks offer. */
export function DevelopersUpgrade() {
  const { t } = useTranslation('developers');
  return (
    <UpgradePrompt
      icon={KeyRound}
      title={t('upgrade.title')}
      text={t('upgrade.text')}
      action={t('upgrade.action')}
      testId="developers-upgrade"
    />
  );
}
