import { useTranslation } from 'react-i18next';
import type { MerchantSettings } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { useMerchantSettings, useUpdateMerchantSettings } from '../api/merchant-settings';

type SwitchSetting = {
  [K in keyof MerchantSettings]: MerchantSettings[K] extends boolean ? K : never;
}[keyof MerchantSettings];

/**
 * A card of /settings with one on/off store setting: heading, description, the switch with its
 * label and hint, and what the save did. The switch saves at once. `texts` is the catalogue
 * section (merchant namespace) with `heading`, `description`, `label`, `hint`, `on`, `off`,
 * `saveFailed`.
 */
export function SettingSwitchCard({
  id,
  setting,
  texts,
  fallback,
}: {
  id: string;
  setting: SwitchSetting;
  texts: 'clawback' | 'monthlyReport';
  /** What the switch shows before the settings have loaded. */
  fallback: boolean;
}) {
  const { t } = useTranslation('merchant');
  const settings = useMerchantSettings();
  const update = useUpdateMerchantSettings();
  const on = settings.data?.[setting] ?? fallback;
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">
          {t(`${texts}.heading`)}
        </h2>
        <p className="text-sm leading-relaxed text-slate-500 dark:text-slate-400">
          {t(`${texts}.description`)}
        </p>
      </div>
      {settings.data ? (
        <div className="space-y-3">
          <div className="flex items-center justify-between gap-4">
            <div className="space-y-1">
              <label htmlFor={id} className="font-medium text-slate-900 dark:text-white">
                {t(`${texts}.label`)}
              </label>
              <p id={`${id}-hint`} className="text-sm text-slate-500 dark:text-slate-400">
                {t(`${texts}.hint`)}
              </p>
            </div>
            <Switch
              id={id}
              checked={on}
              disabled={update.isPending}
              aria-describedby={`${id}-hint`}
              onCheckedChange={(checked) => update.mutate({ [setting]: checked })}
            />
          </div>
          {update.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t(`${texts}.saveFailed`)}
            </p>
          ) : update.data ? (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
              {t(update.data[setting] ? `${texts}.on` : `${texts}.off`)}
            </p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
