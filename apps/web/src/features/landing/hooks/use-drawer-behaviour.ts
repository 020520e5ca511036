import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

export interface DrawerBehaviourOptions {
  open: boolean;
  panelRef: RefObject<HTMLElement | null>;
  /** Gets focus back on close (the menu button). */
  returnFocusRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/**
 * What a modal drawer owes its users while open: the page behind does not scroll, focus moves
 * in and stays in (Tab and Shift+Tab wrap), Escape closes, and focus goes back to whatever
 * opened it. The page marks everything else `inert` as well.
 */
export function useDrawerBehaviour({
  open,
  panelRef,
  returnFocusRef,
  onClose,
}: DrawerBehaviourOptions): void {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const panel = panelRef.current;
    const opener = returnFocusRef.current;
    if (!open || !panel) return;
    const { documentElement: html, body } = document;
    const previous = { html: html.style.overflow, body: body.style.overflow };
    html.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
    focusableIn(panel)[0]?.focus();

    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = focusableIn(panel);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      const inside = active instanceof Node && panel.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }

    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      html.style.overflow = previous.html;
      body.style.overflow = previous.body;
      opener?.focus({ preventScroll: true });
    };
  }, [open, panelRef, returnFocusRef]);
}
