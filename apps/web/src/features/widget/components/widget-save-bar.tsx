import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { useSaveWidget } from '../api/widget';

/** Save, and once saved whether the settings reached the store page. */
export function WidgetSaveBar({
  save,
  dirty,
}: {
  save: ReturnType<typeof useSaveWidget>;
  /** Whether the draft differs from what is saved. */
  dirty: boolean;
}) {
  const { t } = useTranslation('widget');
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" loading={save.isPending} disabled={!dirty && !save.isError}>
        {t('save')}
      </Button>
      {save.isSuccess && !dirty ? (
        <p
          role="status"
          className={cn(
            'text-sm',
            save.data.published
              ? 'text-emerald-700 dark:text-emerald-300'
              : 'text-amber-700 dark:text-amber-300',
          )}
        >
          {t(save.data.published ? 'published' : 'notPublished')}
        </p>
      ) : null}
    </div>
  );
}
