import {
  AtSign,
  Cake,
  Coins,
  MessageSquareText,
  Repeat,
  ShoppingBag,
  Star,
  Mail,
  UserCheck,
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
  | 'purchase_amount'
  | 'follow_instagram'
  | 'follow_x'
  | 'follow_tiktok'
  | 'follow_snapchat'
  | 'profile_complete'
  | 'newsletter';

export const METHOD_META: Record<RuleEvent, { slug: MethodSlug; icon: LucideIcon }> = {
  birthday: { slug: 'birthday', icon: Cake },
  product_review: { slug: 'product_review', icon: Star },
  signup: { slug: 'signup', icon: UserPlus },
  order_review: { slug: 'order_review', icon: MessageSquareText },
  repeat_purchase: { slug: 'repeat_purchase', icon: Repeat },
  'order.created': { slug: 'order_created', icon: ShoppingBag },
  purchase_amount: { slug: 'purchase_amount', icon: Coins },
  follow_instagram: { slug: 'follow_instagram', icon: AtSign },
  follow_x: { slug: 'follow_x', icon: AtSign },
  follow_tiktok: { slug: 'follow_tiktok', icon: AtSign },
  follow_snapchat: { slug: 'follow_snapchat', icon: AtSign },
  profile_complete: { slug: 'profile_complete', icon: UserCheck },
  newsletter: { slug: 'newsletter', icon: Mail },
};
