import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart3, Megaphone, Plus, Square, SquarePen } from 'lucide-react';
import type { Campaign } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { UpgradePrompt } from '../../../components/ui/upgrade-prompt';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { formatMultiplier, formatNumber } from '../../../lib/format';
import { errorMessage } from '../../../lib/messages';
import { useCampaigns, useEndCampaign } from '../api/campaigns';
import { draftOf, emptyDraft, type CampaignDraft } from '../lib/campaign-draft';
import { formatDay, formatRiyadhMinute } from '../lib/dates';
import { occasionWindow, occasionsOf, type Occasion } from '../lib/occasions';
import { CalendarStrip } from './calendar-strip';
import { CampaignEditor } from './campaign-editor';
import { CampaignResults } from './campaign-results';
import { CategoryRules } from './category-rules';
import { ProductRules } from './product-rules';

const TONE = { scheduled: 'blue', running: 'green', ended: 'grey' } as const;

/** /campaigns (issue 29): the year's strip, the occasions to plan for, the list and the editor. */
export function CampaignsScreen() {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const toast = useToast();
  const campaigns = useCampaigns();
  const end = useEndCampaign();
  const [editor, setEditor] = useState<{ editing: Campaign | null; draft: CampaignDraft } | null>(
    null,
  );
  const [open, setOpen] = useState<string | null>(null);
  const year = campaigns.data
    ? Number(campaigns.data.nowRiyadh.slice(0, 4))
    : new Date().getFullYear();
  const [shownYear, setShownYear] = useState<number | null>(null);
  const stripYear = shownYear ?? year;

  if (campaigns.isPending)
    return (
      <div aria-busy="true" className="flex justify-center p-10">
        <Spinner className="size-6" />
      </div>
    );
  if (campaigns.isError) {
    if (isApiError(campaigns.error) && campaigns.error.code === 'PLAN_FEATURE_REQUIRED')
      return (
        <UpgradePrompt
          icon={Megaphone}
          title={t('upgrade.title')}
          text={t('upgrade.text')}
          action={t('upgrade.action')}
          testId="campaigns-upgrade"
        />
      );
    return (
      <ErrorState
        message={errorMessage(campaigns.error)}
        onRetry={() => void campaigns.refetch()}
        retrying={campaigns.isFetching}
      />
    );
  }
  const { campaigns: list, nowRiyadh } = campaigns.data;
  const today = nowRiyadh.slice(0, 10);
  const suggestions = [...occasionsOf(year), ...occasionsOf(year + 1)]
    .filter((o) => o.start >= today)
    .slice(0, 6);
  const suggest = (o: Occasion) =>
    setEditor({
      editing: null,
      draft: {
        ...emptyDraft(),
        nameAr: t(`occasions.${o.key}`, { lng: 'ar' }),
        nameEn: t(`occasions.${o.key}`, { lng: 'en' }),
        ...occasionWindow(o),
      },
    });
  const describe = (c: Campaign) =>
    c.effect === 'bonus'
      ? t('effectShort.bonus', { n: formatNumber(c.bonusPoints, language) })
      : c.effect === 'products'
        ? t('effectShort.products', {
            x: formatMultiplier(c.multiplierPct, language),
            // Its categories first ("×2 points on Perfumes"), then the products chosen one by one.
            names: [
              ...c.categories.map((k) => k.name || `#${k.id}`),
              ...c.products
                .filter((p) => p.categoryId === undefined)
                .map((p) => p.name || `#${p.id}`),
            ].join(language === 'ar' ? '، ' : ', '),
          })
        : t('effectShort.multiplier', { x: formatMultiplier(c.multiplierPct, language) });

  return (
    <div aria-busy="false" className="space-y-6" data-testid="campaigns-screen">
      <Card className="space-y-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-bold">{t('strip.title', { year: stripYear })}</h2>
          <div className="flex gap-2">
            {[year, year + 1].map((y) => (
              <Button
                key={y}
                size="sm"
                variant={y === stripYear ? 'primary' : 'secondary'}
                aria-pressed={y === stripYear}
                onClick={() => setShownYear(y)}
                className="min-h-11"
              >
                {y}
              </Button>
            ))}
          </div>
        </div>
        <CalendarStrip year={stripYear} campaigns={list} occasions={occasionsOf(stripYear)} />
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">{t('occasions.title')}</h3>
          <ul className="flex flex-wrap gap-2" data-testid="occasions">
            {suggestions.map((o) => (
              <li key={`${o.key}-${o.start}`}>
                <Button
                  size="sm"
                  variant="secondary"
                  className="min-h-11"
                  onClick={() => suggest(o)}
                >
                  {t(`occasions.${o.key}`)} · {formatDay(o.start, language, year)}
                  {o.lunar ? '*' : ''}
                </Button>
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('occasions.source')}</p>
        </div>
      </Card>

      {editor ? (
        <CampaignEditor
          key={editor.editing?.id ?? 'new'}
          editing={editor.editing}
          initial={editor.draft}
          onClose={() => setEditor(null)}
        />
      ) : (
        <div className="flex justify-end">
          <Button onClick={() => setEditor({ editing: null, draft: emptyDraft() })}>
            <Plus aria-hidden="true" className="size-4" />
            {t('new')}
          </Button>
        </div>
      )}

      {end.isError ? <ActionError message={errorMessage(end.error)} /> : null}
      {list.length === 0 ? (
        <EmptyState
          icon={<Megaphone aria-hidden="true" className="size-6" />}
          title={t('empty.title')}
          description={t('empty.text')}
        />
      ) : (
        <ul className="space-y-3" data-testid="campaigns-list">
          {list.map((c) => (
            <li key={c.id}>
              <Card className="space-y-3 p-4 sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 space-y-1">
                    <p className="font-semibold text-slate-900 dark:text-white">
                      {language === 'en' ? c.nameEn : c.nameAr}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {describe(c)}
                      {c.minOrderTotal > 0
                        ? ` · ${t('minShort', { n: formatNumber(c.minOrderTotal, language) })}`
                        : ''}
                      {c.firstOrderOnly ? ` · ${t('firstOrderShort')}` : ''}
                    </p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {formatRiyadhMinute(c.startsAt, language)} –{' '}
                      {formatRiyadhMinute(c.endsAt, language)}
                    </p>
                  </div>
                  <Badge tone={TONE[c.status]}>{t(`status.${c.status}`)}</Badge>
                </div>
                <div className="flex flex-wrap gap-2">
                  {c.status !== 'ended' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      className="min-h-11"
                      onClick={() => setEditor({ editing: c, draft: draftOf(c) })}
                    >
                      <SquarePen aria-hidden="true" className="size-4" />
                      {t('edit')}
                    </Button>
                  ) : null}
                  {c.status !== 'scheduled' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      className="min-h-11"
                      aria-expanded={open === c.id}
                      onClick={() => setOpen(open === c.id ? null : c.id)}
                    >
                      <BarChart3 aria-hidden="true" className="size-4" />
                      {t('results.show')}
                    </Button>
                  ) : null}
                  {c.status !== 'ended' ? (
                    <Button
                      size="sm"
                      variant="danger"
                      className="min-h-11"
                      loading={end.isPending && end.variables === c.id}
                      onClick={() =>
                        end.mutate(c.id, { onSuccess: () => toast({ key: 'campaigns:ended' }) })
                      }
                    >
                      <Square aria-hidden="true" className="size-4" />
                      {c.status === 'running' ? t('endNow') : t('withdraw')}
                    </Button>
                  ) : null}
                </div>
                {open === c.id ? <CampaignResults id={c.id} /> : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ProductRules />
      <CategoryRules />
    </div>
  );
}
