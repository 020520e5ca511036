import { Trans, useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { RULE_EVENT_FIELD, type LoyaltyRule } from '@nuqat/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { METHOD_META } from './method-meta';

const n = <bdi className="font-semibold" />;

function Condition({ rule }: { rule: LoyaltyRule }) {
  const { t, i18n } = useTranslation('loyalty');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  switch (RULE_EVENT_FIELD[rule.event]) {
    case 'minRating':
      return (
        <Trans
          t={t}
          i18nKey="methods.conditions.minRating"
          values={{ value: formatNumber(rule.minRating ?? 1, language) }}
          components={{ n }}
        />
      );
    case 'requiredPurchases':
      return (
        <Trans
          t={t}
          i18nKey="methods.conditions.requiredPurchases"
          values={{ value: formatNumber(rule.requiredPurchases ?? 1, language) }}
          components={{ n }}
        />
      );
    case 'minOrderTotal':
      return rule.minOrderTotal ? (
        <Trans
          t={t}
          i18nKey="methods.conditions.minOrderTotal"
          values={{ value: formatCurrency(rule.minOrderTotal, language) }}
          components={{ n }}
        />
      ) : (
        t('methods.conditions.anyOrder')
      );
    default:
      return null;
  }
}

export interface CollectionMethodsProps {
  rules: LoyaltyRule[];
  onEdit: (rule: LoyaltyRule) => void;
}

/** The six methods of spec §2 with their active/inactive mark, points and conditions. */
export function CollectionMethods({ rules, onEdit }: CollectionMethodsProps) {
  const { t, i18n } = useTranslation('loyalty');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="collection-methods">
      {rules.map((rule) => {
        const { slug, icon: Icon } = METHOD_META[rule.event];
        const name = t(`methods.events.${slug}.name`);
        const showCondition = rule.enabled && RULE_EVENT_FIELD[rule.event] !== null;
        return (
          <li key={rule.event} data-testid={`method-${rule.event}`}>
            <Card
              className={cn(
                'flex h-full flex-col gap-4 p-5',
                !rule.enabled && 'bg-slate-50/60 dark:bg-slate-900/60',
              )}
            >
              <div className="flex items-start gap-3">
                <span
                  className={cn(
                    'inline-flex size-11 shrink-0 items-center justify-center rounded-xl',
                    rule.enabled
                      ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300'
                      : 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold text-slate-900 dark:text-white">{name}</h3>
                    <Badge tone={rule.enabled ? 'green' : 'grey'}>
                      {rule.enabled ? t('methods.active') : t('methods.inactive')}
                    </Badge>
                  </div>
                  <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-400">
                    {t(`methods.events.${slug}.description`)}
                  </p>
                </div>
              </div>
              <div className="mt-auto flex items-end justify-between gap-3 border-t border-slate-100 pt-4 dark:border-slate-800">
                <div className="min-w-0 space-y-1">
                  <p
                    className={cn(
                      'text-2xl font-bold',
                      rule.enabled
                        ? 'text-brand-700 dark:text-brand-300'
                        : 'text-slate-400 dark:text-slate-500',
                    )}
                  >
                    <bdi>{formatNumber(rule.points, language)}</bdi>{' '}
                    <span className="text-sm font-medium">{t('methods.pointsUnit')}</span>
                  </p>
                  {showCondition ? (
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      <Condition rule={rule} />
                    </p>
                  ) : null}
                  {rule.enabled && rule.maxPerCustomer !== null ? (
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      <Trans
                        t={t}
                        i18nKey="methods.cap"
                        values={{ times: formatNumber(rule.maxPerCustomer, language) }}
                        components={{ n }}
                      />
                    </p>
                  ) : null}
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onEdit(rule)}
                  aria-label={t('methods.editLabel', { method: name })}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  {t('methods.edit')}
                </Button>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
