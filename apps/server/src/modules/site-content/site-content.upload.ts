import { coverImageMaxBytes } from '@dak/domain/site-content';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/**
 * Reads an image upload (multipart: one file field `file`) into memory, at most 2 MB: a bigger
 * file is cut off and marked tooLarge (the plugin runs with throwFileSizeLimit off). Nothing is
 * written anywhere here.
 */
export async function readImageUpload(
  request: FastifyRequest,
): Promise<{ bytes: Uint8Array | undefined; tooLarge: boolean }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data with a file field');
  }
  let out: { bytes: Uint8Array | undefined; tooLarge: boolean } = { bytes: undefined, tooLarge: false };
  try {
    const parts = request.parts({
      limits: {
        fileSize: coverImageMaxBytes,
        files: 1,
        fields: 2,
        parts: 3,
        fieldSize: 256,
        headerPairs: 50,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') out = { bytes, tooLarge: part.file.truncated };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Send one image at a time');
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
    }
    throw new AppError('VALIDATION_FAILED', 'The upload is incomplete or malformed; please try again');
  }
  return out;
}
