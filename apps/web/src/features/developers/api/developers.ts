import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiKeysResponseSchema,
  ApiKeySchema,
  CreatedApiKeyResponseSchema,
  CreatedWebhookEndpointResponseSchema,
  MessageResponseSchema,
  successEnvelope,
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryResponseSchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointsResponseSchema,
  type CreateApiKeyBody,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
} from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';

/** Query keys of the developers section (API keys, webhooks); each carries the merchant id. */
export const developerKeys = {
  apiKeys: (merchantId: string | null) => ['developers', merchantId, 'api-keys'] as const,
  endpoints: (merchantId: string | null) => ['developers', merchantId, 'endpoints'] as const,
  deliveries: (merchantId: string | null, cursor: string | null) =>
    ['developers', merchantId, 'deliveries', cursor] as const,
};

export function useApiKeys() {
  return useQuery(
    queryOptions({
      queryKey: developerKeys.apiKeys(getMerchantId()),
      queryFn: async ({ signal }) =>
        (await apiRequest('/api/merchants/api-keys', { schema: ApiKeysResponseSchema, signal }))
          .data,
      retry: false,
    }),
  );
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiKeyBody) =>
      (
        await apiRequest('/api/merchants/api-keys', {
          method: 'POST',
          body,
          schema: CreatedApiKeyResponseSchema,
        })
      ).data,
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: developerKeys.apiKeys(getMerchantId()) }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiRequest(`/api/merchants/api-keys/${id}`, {
          method: 'DELETE',
          schema: successEnvelope(ApiKeySchema),
        })
      ).data,
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: developerKeys.apiKeys(getMerchantId()) }),
  });
}

export function useWebhookEndpoints(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: developerKeys.endpoints(getMerchantId()),
      queryFn: async ({ signal }) =>
        (
          await apiRequest('/api/merchants/webhooks/endpoints', {
            schema: WebhookEndpointsResponseSchema,
            signal,
          })
        ).data,
      enabled,
    }),
  );
}

function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: developerKeys.endpoints(getMerchantId()) });
    void queryClient.invalidateQueries({
      queryKey: ['developers', getMerchantId(), 'deliveries'],
    });
  };
}

export function useCreateWebhookEndpoint() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: async (body: CreateWebhookEndpointBody) =>
      (
        await apiRequest('/api/merchants/webhooks/endpoints', {
          method: 'POST',
          body,
          schema: CreatedWebhookEndpointResponseSchema,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useUpdateWebhookEndpoint() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateWebhookEndpointBody }) =>
      (
        await apiRequest(`/api/merchants/webhooks/endpoints/${id}`, {
          method: 'PATCH',
          body,
          schema: WebhookEndpointResponseSchema,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteWebhookEndpoint() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: async (id: string) =>
      apiRequest(`/api/merchants/webhooks/endpoints/${id}`, {
        method: 'DELETE',
        schema: MessageResponseSchema,
      }),
    onSuccess: invalidate,
  });
}

export function useWebhookDeliveries(enabled: boolean, cursor: string | null) {
  return useQuery(
    queryOptions({
      queryKey: developerKeys.deliveries(getMerchantId(), cursor),
      queryFn: async ({ signal }) =>
        (
          await apiRequest(
            `/api/merchants/webhooks/deliveries?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
            { schema: WebhookDeliveriesResponseSchema, signal },
          )
        ).data,
      enabled,
    }),
  );
}

export function useReplayDelivery() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiRequest(`/api/merchants/webhooks/deliveries/${id}/replay`, {
          method: 'POST',
          schema: WebhookDeliveryResponseSchema,
        })
      ).data,
    onSuccess: invalidate,
  });
}
