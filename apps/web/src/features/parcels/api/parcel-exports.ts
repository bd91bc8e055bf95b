import {
  type ParcelExportFiltersInput,
  parcelExportCreatedSchema,
  parcelExportSchema,
} from '@dak/domain/parcel-list';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiBase, apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { ApiError } from '../../../lib/api-error';
import { authHeaders } from '../../../lib/auth-storage';

const exportsPath = (shopId: string) => `/shops/${encodeURIComponent(shopId)}/parcel-exports`;

/** POST /shops/:shopId/parcel-exports: the server builds the file in the background. */
export function useCreateParcelExport(shopId: string) {
  return useMutation({
    mutationFn: (filters: ParcelExportFiltersInput) =>
      apiRequest(exportsPath(shopId), { method: 'POST', body: filters, schema: parcelExportCreatedSchema }),
  });
}

/** GET …/parcel-exports/:id, asked again every second until the file is ready or failed. */
export function useParcelExport(shopId: string, exportId: string | undefined) {
  return useQuery({
    queryKey: ['parcels', shopId, 'exports', exportId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${exportsPath(shopId)}/${encodeURIComponent(exportId ?? '')}`, {
        schema: withDates(parcelExportSchema),
        signal,
      }),
    enabled: Boolean(exportId),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'ready' || status === 'failed' ? false : 1000;
    },
  });
}

/** GET …/download: the bytes through fetch (the link needs the Bearer header), saved under the file's name. */
export async function downloadParcelExport(shopId: string, exportId: string, fileName: string) {
  let response: Response;
  try {
    response = await fetch(`${apiBase}${exportsPath(shopId)}/${encodeURIComponent(exportId)}/download`, {
      headers: authHeaders(),
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The service cannot be reached' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as
      | { error?: { code?: string; message?: string } }
      | undefined;
    throw new ApiError({
      status: response.status,
      code: response.status === 409 ? 'EXPORT_NOT_READY' : response.status === 404 ? 'NOT_FOUND' : 'INTERNAL',
      message: body?.error?.message ?? 'Something went wrong',
    });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
