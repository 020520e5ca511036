import { useTranslation } from 'react-i18next';
import { ActionError } from '../../../components/ui/action-error';
import { Card } from '../../../components/ui/card';
import { failureDetail } from '../../../lib/messages';
import { useWidgetForm, WIDGET_SECTION_ID } from '../hooks/use-widget-form';
import { WidgetLauncherFields } from './widget-launcher-fields';
import { WidgetLookFields } from './widget-look-fields';
import { WidgetNudgeFields } from './widget-nudge-fields';
import { WidgetPreviewPane } from './widget-preview-pane';
import { WidgetSaveBar } from './widget-save-bar';

export { WIDGET_SECTION_ID };

/**
 * /settings → Widget (decision 034): the launcher and panel on the store's pages and the earn
 * badges, with a live preview in both languages on a phone and a desktop, over a light or a dark
 * store. Starter stores set the label, icon, corner and colour (and the badges); the rest is the
 * Growth plan's, shown locked. Saving publishes to the store page at once, no deploy.
 */
export function WidgetSection() {
  const { t } = useTranslation('widget');
  const { widget, save, draft, growth, locked, set, setNudge, dirty, submit } = useWidgetForm();

  return (
    <Card
      id={WIDGET_SECTION_ID}
      className="scroll-mt-24 space-y-6 p-5 sm:p-6"
      data-testid="widget-section"
    >
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('heading')}</h2>
        <p className="text-sm leading-relaxed text-slate-500 dark:text-slate-400">
          {t('description')}
        </p>
      </div>

      {widget.data ? (
        <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <form
            className="space-y-6"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <ActionError
              message={save.isError ? { key: 'widget:saveFailed' } : null}
              detail={save.isError ? failureDetail(save.error) : null}
            />
            <WidgetLauncherFields draft={draft} set={set} />
            <WidgetLookFields
              draft={draft}
              set={set}
              locked={locked}
              growth={growth}
              hasLogo={Boolean(widget.data.logo)}
            />
            <WidgetNudgeFields draft={draft} setNudge={setNudge} />
            <WidgetSaveBar save={save} dirty={dirty} />
          </form>

          <WidgetPreviewPane
            settings={draft}
            logo={widget.data.logo}
            storeName={widget.data.storeName}
          />
        </div>
      ) : null}
    </Card>
  );
}
