import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/** What every screen knows of a VIP tier: its two names and its colour. */
export interface TierLabel {
  nameAr: string;
  nameEn: string;
  colour: string;
}

/** A tier a screen offers to choose (a reward's "available to", the customers' filter). */
export interface TierOption extends TierLabel {
  id: string;
}

/** A tier's name in the screen's language. */
export function tierName(tier: Pick<TierLabel, 'nameAr' | 'nameEn'>, language: string): string {
  return language === 'en' ? tier.nameEn : tier.nameAr;
}

export interface TierBadgeProps {
  tier: TierLabel;
  className?: string;
}

/**
 * A VIP tier as a pill: the merchant's colour as a dot and a tinted ring, the name in the
 * screen's text colour (a merchant's colour may be too light or too dark to write with).
 */
export function TierBadge({ tier, className }: TierBadgeProps) {
  const { i18n } = useTranslation();
  return (
    <span
      data-testid="tier-badge"
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-full border bg-white px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-900 dark:text-slate-100',
        className,
      )}
      style={{ borderColor: tier.colour }}
    >
      <span
        aria-hidden="true"
        className="size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: tier.colour }}
      />
      <bdi className="truncate">{tierName(tier, i18n.language)}</bdi>
    </span>
  );
}
