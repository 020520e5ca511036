import {
  Cake,
  Coins,
  MessageSquareText,
  Repeat,
  ShoppingBag,
  Star,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { RuleEvent } from '@nuqat/contracts';

/** Catalogue keys cannot hold a dot, so `order.created` reads as `order_created` there. */
export type MethodSlug =
  | 'birthday'
  | 'product_review'
  | 'signup'
  | 'order_review'
  | 'repeat_purchase'
  | 'order_created'
  | 'purchase_amount';

export const METHOD_META: Record<RuleEvent, { slug: MethodSlug; icon: LucideIcon }> = {
  birthday: { slug: 'birthday', icon: Cake },
  product_review: { slug: 'product_review', icon: Star },
  signup: { slug: 'signup', icon: UserPlus },
  order_review: { slug: 'order_review', icon: MessageSquareText },
  repeat_purchase: { slug: 'repeat_purchase', icon: Repeat },
  'order.created': { slug: 'order_created', icon: ShoppingBag },
  purchase_amount: { slug: 'purchase_amount', icon: Coins },
};
