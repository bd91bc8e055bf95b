import { coverImageMaxBytes } from '@dak/domain/site-content';
import type { FastifyRequest } from 'fastify';
import { readOneFile } from '../../lib/multipart-upload';

/**
 * Reads an image upload (multipart: one file field `file`) into memory, at most 2 MB: a bigger
 * file is cut off and marked tooLarge (the plugin runs with throwFileSizeLimit off). Nothing is
 * written anywhere here.
 */
export async function readImageUpload(
  request: FastifyRequest,
): Promise<{ bytes: Uint8Array | undefined; tooLarge: boolean }> {
  const upload = await readOneFile(request, {
    field: 'file',
    maxBytes: coverImageMaxBytes,
    notMultipart: 'Send the image as multipart/form-data with a file field',
    tooMany: 'Send one image at a time',
    badContentType: 'Send the image as multipart/form-data',
  });
  return upload ?? { bytes: undefined, tooLarge: false };
}
