import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { RULE_EVENT_FIELD, type LoyaltyRule, type SaveLoyaltyRuleInput } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { failureDetail } from '../../../lib/messages';
import { useSaveLoyaltyRule } from '../api/save-loyalty-rule';
import { ruleRequestFor } from './method-dialog';
import { MethodBadge } from './method-badge';
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
          count={rule.minRating ?? 1}
          values={{ value: formatNumber(rule.minRating ?? 1, language) }}
          components={{ n }}
        />
      );
    case 'requiredPurchases':
      return (
        <Trans
          t={t}
          i18nKey="methods.conditions.requiredPurchases"
          count={rule.requiredPurchases ?? 1}
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
  /**
   * false while the store earns nothing (a paused programme, an inactive subscription, a store
   * to reinstall): a switched-on method says so instead of "active" (issue 15).
   */
  earning?: boolean;
}

/**
 * A method's own on/off switch. Off saves it with 0 points, keeping its conditions, and the toast
 * offers Undo (its points back); on opens the method to choose its points.
 */
function MethodSwitch({
  rule,
  name,
  onEdit,
  earning,
}: {
  rule: LoyaltyRule;
  name: string;
  onEdit: (rule: LoyaltyRule) => void;
  earning: boolean;
}) {
  const { t } = useTranslation('loyalty');
  const toast = useToast();
  const save = useSaveLoyaltyRule();
  const [error, setError] = useState<unknown>(null);
  const send = (points: number) =>
    save.mutateAsync(ruleRequestFor(rule, points) as unknown as SaveLoyaltyRuleInput);

  async function change(on: boolean) {
    setError(null);
    if (on) return onEdit(rule);
    const points = rule.points;
    try {
      await send(0);
      toast(
        { key: 'loyalty:methods.turnedOff', values: { method: name } },
        {
          action: {
            label: { key: 'loyalty:methods.undo' },
            onClick: () =>
              void send(points).then(
                () => toast({ key: 'loyalty:methods.turnedOn', values: { method: name } }),
                setError,
              ),
          },
        },
      );
    } catch (caught) {
      setError(caught);
    }
  }

  return (
    <div className="space-y-2">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-700 dark:text-slate-200">
        <Switch
          checked={rule.enabled}
          disabled={save.isPending}
          onCheckedChange={(on) => void change(on)}
          aria-label={t('methods.switchLabel', { method: name })}
        />
        {!rule.enabled
          ? t('methods.notEarning')
          : earning
            ? t('methods.earning')
            : t('methods.idleSwitch')}
      </label>
      {error ? (
        <ActionError
          message={{ key: 'loyalty:methods.switchFailed' }}
          detail={failureDetail(error)}
        />
      ) : null}
    </div>
  );
}

/**
 * The methods of spec §2 with their switch, points and conditions; the purchase rule comes first
 * and is marked as the main one.
 */
export function CollectionMethods({ rules, onEdit, earning = true }: CollectionMethodsProps) {
  const { t, i18n } = useTranslation('loyalty');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const ordered = [
    ...rules.filter((rule) => rule.event === 'order.created'),
    ...rules.filter((rule) => rule.event !== 'order.created'),
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="collection-methods">
      {ordered.map((rule) => {
        const { slug, icon: Icon } = METHOD_META[rule.event];
        const main = rule.event === 'order.created';
        const name = t(`methods.events.${slug}.name`);
        const showCondition = rule.enabled && RULE_EVENT_FIELD[rule.event] !== null;
        return (
          <li
            key={rule.event}
            data-testid={`method-${rule.event}`}
            className={cn(main && 'sm:col-span-2 xl:col-span-3')}
          >
            <Card
              className={cn(
                'flex h-full flex-col gap-4 p-5',
                !rule.enabled && 'bg-slate-50/60 dark:bg-slate-900/60',
                main &&
                  'border-brand-300 ring-1 ring-brand-200 dark:border-brand-700 dark:ring-brand-900',
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
                    <h3 className="font-semibold text-slate-900 dark:text-white">
                      {name}
                      {main ? (
                        <Badge tone="blue" className="ms-2 align-middle">
                          {t('methods.main')}
                        </Badge>
                      ) : null}
                    </h3>
                    <MethodBadge enabled={rule.enabled} earning={earning} />
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
                    <span className="text-sm font-medium">
                      {t('methods.pointsUnit', { count: rule.points })}
                    </span>
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
                        count={rule.maxPerCustomer}
                        values={{ times: formatNumber(rule.maxPerCustomer, language) }}
                        components={{ n }}
                      />
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-col items-end gap-2">
                  <MethodSwitch rule={rule} name={name} onEdit={onEdit} earning={earning} />
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
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
