import { useQuery } from '@tanstack/react-query';
import { SupportContactsResponseSchema, type SupportContacts } from '@nuqat/contracts';
import { apiRequest } from './api-client';

/** The wa.me address of a WhatsApp number (digits with the country code). */
export const whatsappHref = (digits: string) => `https://wa.me/${digits.replace(/\D/g, '')}`;

/** A phone number as a tel: address (no spaces or brackets). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * How merchants reach support (GET /api/support, from the deployment's configuration). Until it
 * is known, and for any detail that is not configured, nothing is shown: never a placeholder.
 */
export function useSupportContacts(): SupportContacts | undefined {
  return useQuery({
    queryKey: ['support-contacts'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/support', { schema: SupportContactsResponseSchema, signal })).data,
    staleTime: Infinity,
    retry: false,
  }).data;
}
