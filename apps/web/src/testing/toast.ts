import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The toast on screen and its action button, once the toast region takes clicks. Radix keeps
 * the region at `pointer-events: none` until it has counted the toast, an effect later than the
 * toast's own render: a click in between is refused (seen on a busy machine), so wait for it.
 */
export async function findToastAction(name: string) {
  const toast = await screen.findByTestId('toast');
  const button = within(toast).getByRole('button', { name });
  await waitFor(() => expect(button.closest('[style*="pointer-events: none"]')).toBeNull());
  return { toast, button };
}
