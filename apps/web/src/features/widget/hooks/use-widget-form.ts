import { useEffect, useState } from 'react';
import {
  GROWTH_WIDGET_FIELDS,
  planHasFeature,
  WIDGET_DEFAULTS,
  type WidgetSettings,
} from '@nuqat/contracts';
import { useSaveWidget, useWidget } from '../api/widget';

/** The anchor of the section: /settings#widget. */
export const WIDGET_SECTION_ID = 'widget';

/**
 * The widget form's state: what is saved, the merchant's unsaved changes over it (the draft the
 * preview shows), which fields the plan locks, and saving.
 */
export function useWidgetForm() {
  const widget = useWidget();
  const save = useSaveWidget();
  /** The merchant's unsaved changes; null follows what is saved. */
  const [changes, setChanges] = useState<WidgetSettings | null>(null);

  const saved = widget.data?.settings;
  const draft = changes ?? saved ?? WIDGET_DEFAULTS;
  // /settings#widget opens here once the section has its content.
  const ready = Boolean(widget.data);
  useEffect(() => {
    if (ready && window.location.hash === `#${WIDGET_SECTION_ID}`)
      document.getElementById(WIDGET_SECTION_ID)?.scrollIntoView();
  }, [ready]);

  const growth = planHasFeature(widget.data?.plan ?? 'starter', 'fullCustomisation');
  // The Growth plan's fields (GROWTH_WIDGET_FIELDS): shown, locked on Starter; the API refuses them too.
  const locked = (field: (typeof GROWTH_WIDGET_FIELDS)[number]) =>
    !growth && GROWTH_WIDGET_FIELDS.includes(field);
  const set = (patch: Partial<WidgetSettings>) => setChanges({ ...draft, ...patch });
  const setNudge = (patch: Partial<WidgetSettings['nudge']>) =>
    setChanges({ ...draft, nudge: { ...draft.nudge, ...patch } });
  const dirty = saved ? JSON.stringify(saved) !== JSON.stringify(draft) : false;
  const submit = () => save.mutate(draft, { onSuccess: () => setChanges(null) });

  return { widget, save, draft, growth, locked, set, setNudge, dirty, submit };
}

/** What a group of the form's fields edits: the draft and how to change it. */
export type WidgetFieldsProps = Pick<
  ReturnType<typeof useWidgetForm>,
  'draft' | 'set' | 'setNudge' | 'locked' | 'growth'
>;
