import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** What the form must hold and what to say when it does not. */
export type OneFileForm = {
  /** The file field to keep. */
  field: string;
  /** The file is cut off past this size and marked tooLarge (throwFileSizeLimit is off). */
  maxBytes: number;
  /** Said when the request is not multipart at all. */
  notMultipart: string;
  /** Said when the form holds more than one file or too many parts. */
  tooMany: string;
  /** Said when the multipart content type is malformed; unset, it is a malformed upload. */
  badContentType?: string;
};

/**
 * Reads a multipart form with one file into memory: the bytes of `field`, cut off past maxBytes
 * and marked tooLarge; undefined when the form has no such file. Nothing is written anywhere here.
 */
export async function readOneFile(
  request: FastifyRequest,
  form: OneFileForm,
): Promise<{ bytes: Uint8Array; tooLarge: boolean } | undefined> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', form.notMultipart);
  let out: { bytes: Uint8Array; tooLarge: boolean } | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: form.maxBytes,
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
        if (part.fieldname === form.field) out = { bytes, tooLarge: part.file.truncated };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', form.tooMany);
    }
    if (form.badContentType && code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', form.badContentType);
    }
    throw new AppError('VALIDATION_FAILED', 'The upload is incomplete or malformed; please try again');
  }
  return out;
}
