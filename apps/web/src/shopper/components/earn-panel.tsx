import type { CustomerLoyaltyData, PointsMethod } from '@nuqat/contracts';
import { useI18n } from '../lib/i18n';
import { EarnEstimate } from './earn-estimate';
import { EmptyState } from './empty-state';
import { Icon, type IconName } from './icons';
import { buttonClass, CARD, cx } from './ui';

/** Spec §2: the known methods have their own icon, any other the default one. */
const METHOD_ICONS: Partial<Record<string, IconName>> = {
  birthday: 'cake',
  product_review: 'star',
  order_review: 'star',
  signup: 'userPlus',
  'order.created': 'shoppingBag',
  purchase_amount: 'coins',
  repeat_purchase: 'repeat',
};

export function methodIcon(id: string): IconName {
  return METHOD_ICONS[id] ?? 'sparkles';
}

export interface EarnPanelProps {
  methods: PointsMethod[];
  /** Absent: no estimate (the page before the API sent rates). */
  rates?: CustomerLoyaltyData['earnRates'];
  /** The signed-in shopper claims a way to earn (decision 052). */
  onClaim?: (id: string) => unknown;
}

export function EarnPanel({ methods, rates, onClaim }: EarnPanelProps) {
  const { t } = useI18n();
  if (methods.length === 0) return <EmptyState icon="sparkles" text={t('earn.empty')} />;
  return (
    <div className="space-y-4">
      <MethodList methods={methods} onClaim={onClaim} />
      {rates && (rates.perAmount || rates.perOrder) ? <EarnEstimate rates={rates} /> : null}
    </div>
  );
}

function MethodList({ methods, onClaim }: Pick<EarnPanelProps, 'methods' | 'onClaim'>) {
  const { tp } = useI18n();
  return (
    <ul className={cx(CARD, 'divide-y divide-slate-200 dark:divide-slate-800')}>
      {methods.map((method) => (
        <li key={method.id} className="flex items-center gap-3 p-4">
          <span
            data-icon={methodIcon(method.id)}
            className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300"
          >
            <Icon name={methodIcon(method.id)} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900 dark:text-white">{method.name}</p>
            {method.condition ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{method.condition}</p>
            ) : null}
            {method.action && onClaim ? (
              <EarnAction id={method.id} action={method.action} onClaim={onClaim} />
            ) : null}
          </div>
          <span className="shrink-0 text-sm font-bold text-brand-800 dark:text-brand-300">
            {tp('points', method.points)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A way to earn the shopper claims (decision 052): its button (a follow opens the store's profile
 * too) or where the claim stands. The words come from the API; a refusal shows as the page's
 * problem notice.
 */
function EarnAction({
  id,
  action,
  onClaim,
}: {
  id: string;
  action: NonNullable<PointsMethod['action']>;
  onClaim: (id: string) => unknown;
}) {
  const open = action.state === 'open';
  const props = {
    className: buttonClass('secondary', 'mt-2', 'sm'),
    onClick: () => onClaim(id),
  };
  return (
    <div data-testid="earn-action" data-state={action.state}>
      {open ? null : <p className="text-sm font-semibold">{action.label}</p>}
      <p className="text-sm text-slate-600 dark:text-slate-400">{action.note}</p>
      {!open ? null : action.url ? (
        <a {...props} href={action.url} target="_blank" rel="noopener">
          {action.label}
        </a>
      ) : (
        <button {...props} type="button">
          {action.label}
        </button>
      )}
    </div>
  );
}
