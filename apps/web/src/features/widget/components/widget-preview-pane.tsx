import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Monitor, Moon, Smartphone, Sun } from 'lucide-react';
import { Segmented } from './widget-controls';
import { WidgetPreview, type WidgetPreviewProps } from './widget-preview';

/**
 * The live preview beside the form, with its controls: the language, a phone or a desktop, a
 * light or a dark store.
 */
export function WidgetPreviewPane({
  settings,
  logo,
  storeName,
}: Pick<WidgetPreviewProps, 'settings' | 'logo' | 'storeName'>) {
  const { t } = useTranslation('widget');
  const [lang, setLang] = useState<'ar' | 'en'>('ar');
  const [device, setDevice] = useState<'phone' | 'desktop'>('phone');
  const [storeDark, setStoreDark] = useState(false);
  return (
    <div className="space-y-3 xl:sticky xl:top-24 xl:self-start">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('previewControls')}>
        <Segmented
          label={t('previewLanguage')}
          value={lang}
          options={[
            { value: 'ar', label: 'العربية' },
            { value: 'en', label: 'English' },
          ]}
          onChange={setLang}
        />
        <Segmented
          label={t('previewDevice')}
          value={device}
          options={[
            {
              value: 'phone',
              label: <Smartphone aria-label={t('phone')} className="size-4" />,
            },
            {
              value: 'desktop',
              label: <Monitor aria-label={t('desktop')} className="size-4" />,
            },
          ]}
          onChange={setDevice}
        />
        <Segmented
          label={t('previewStore')}
          value={storeDark ? 'dark' : 'light'}
          options={[
            {
              value: 'light',
              label: <Sun aria-label={t('lightStore')} className="size-4" />,
            },
            { value: 'dark', label: <Moon aria-label={t('darkStore')} className="size-4" /> },
          ]}
          onChange={(v) => setStoreDark(v === 'dark')}
        />
      </div>
      <WidgetPreview
        settings={settings}
        lang={lang}
        device={device}
        storeDark={storeDark}
        logo={logo}
        storeName={storeName}
      />
    </div>
  );
}
