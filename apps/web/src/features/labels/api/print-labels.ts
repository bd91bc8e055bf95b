import type { LabelFormat } from '@dak/domain/labels';
import { useMutation } from '@tanstack/react-query';
import { apiBase } from '../../../lib/api-client';
import { authHeaders } from '../../../lib/auth-storage';
import { fileRouteError, unreachable } from '../../../lib/download-file';

export type LabelsFile = { blob: Blob; filename: string };

/**
 * POST /shops/:shopId/parcels/labels: the PDF of up to 200 labels. The answer is a file, not JSON,
 * so this is a plain fetch with the bearer token; an error still comes back as the API's JSON.
 */
export async function printLabels(input: {
  shopId: string;
  parcelIds: string[];
  format: LabelFormat;
}): Promise<LabelsFile> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}/shops/${encodeURIComponent(input.shopId)}/parcels/labels`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/pdf, application/json',
        ...authHeaders(),
      },
      body: JSON.stringify({ parcelIds: input.parcelIds, format: input.format }),
    });
  } catch {
    throw unreachable();
  }
  if (!response.ok) throw await fileRouteError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'labels.pdf';
  return { blob: await response.blob(), filename };
}

export function usePrintLabels() {
  return useMutation({ mutationFn: printLabels });
}
