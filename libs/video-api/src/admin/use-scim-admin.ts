import type { Transport } from '@connectrpc/connect';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminErrorMessage } from './admin-error-message';
import { rotateScimTokenMutation } from './mutations';
import { scimSettingsQuery } from './queries';

/**
 * /admin's SCIM section as `@stream/ui`'s `ScimSection` props: whether SCIM is on, the base URL
 * to give the directory (under PUBLIC_URL, else this page's origin), and Rotate, whose new
 * token is shown once.
 */
export function useScimAdmin(transport: Transport, origin = globalThis.location?.origin ?? '') {
  const queryClient = useQueryClient();
  const settings = useQuery(scimSettingsQuery(transport));
  const rotate = useMutation(rotateScimTokenMutation(transport, queryClient));
  const current = rotate.data?.settings ?? settings.data;
  return {
    enabled: current?.enabled,
    baseUrl: current?.baseUrl || `${origin}/scim/v2`,
    rotatedAt: current?.rotatedAt ? timestampDate(current.rotatedAt) : undefined,
    rotating: rotate.isPending,
    token: rotate.data?.token,
    error: rotate.error
      ? adminErrorMessage(rotate.error)
      : settings.error
        ? adminErrorMessage(settings.error)
        : undefined,
    onRotate: (done: () => void) => rotate.mutate({}, { onSuccess: () => done() }),
  };
}

export type ScimAdmin = ReturnType<typeof useScimAdmin>;
