import {
  type ParcelExportFiltersInput,
  parcelExportCreatedSchema,
  parcelExportSchema,
} from '@dak/domain/parcel-list';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { downloadFile } from '../../../lib/download-file';

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
  await downloadFile(`${exportsPath(shopId)}/${encodeURIComponent(exportId)}/download`, fileName, {
    codeForStatus: (status) =>
      status === 409 ? 'EXPORT_NOT_READY' : status === 404 ? 'NOT_FOUND' : 'INTERNAL',
  });
}
