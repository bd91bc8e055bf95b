import { errorStatus } from '@dak/domain/errors';
import type { LabelFormat } from '@dak/domain/labels';
import { useMutation } from '@tanstack/react-query';
import { apiBase } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { authHeaders } from '../../../lib/auth-storage';

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
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The service cannot be reached' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as
      | { error?: { code?: string; message?: string; details?: unknown } }
      | undefined;
    const code = body?.error?.code;
    throw new ApiError({
      status: response.status,
      code: code && Object.hasOwn(errorStatus, code) ? (code as keyof typeof errorStatus) : 'INTERNAL',
      message: body?.error?.message ?? 'Something went wrong',
      details: body?.error?.details,
    });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'labels.pdf';
  return { blob: await response.blob(), filename };
}

export function usePrintLabels() {
  return useMutation({ mutationFn: printLabels });
}
