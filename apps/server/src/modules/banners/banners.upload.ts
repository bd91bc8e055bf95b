import { bannerImageMaxBytes } from '@dak/domain/banners';
import type { FastifyRequest } from 'fastify';
import { readOneFile } from '../../lib/multipart-upload';

/**
 * Reads a banner image upload (multipart: one file field `file`) into memory, at most 1 MB: a
 * bigger file is cut off and marked tooLarge. Nothing is written anywhere here.
 */
export async function readBannerImage(
  request: FastifyRequest,
): Promise<{ bytes: Uint8Array | undefined; tooLarge: boolean }> {
  const upload = await readOneFile(request, {
    field: 'file',
    maxBytes: bannerImageMaxBytes,
    notMultipart: 'Send the image as multipart/form-data with a file field',
    tooMany: 'Send one image at a time',
    badContentType: 'Send the image as multipart/form-data',
  });
  return upload ?? { bytes: undefined, tooLarge: false };
}
