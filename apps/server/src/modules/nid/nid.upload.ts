import { nidImageMaxBytes } from '@dak/domain/nid';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { NidUpload } from './nid.service';

/**
 * Reads the NID form (multipart: field nidNumber, files front and back) into memory, within
 * limits: two files of at most 5 MB each (a bigger one is cut off and marked tooLarge, the rest of
 * the form still read: the plugin is registered with throwFileSizeLimit off), a few short fields,
 * nothing else. Nothing is written anywhere here.
 */
export async function readNidUpload(
  request: FastifyRequest,
): Promise<{ nidNumber: string | undefined; front: NidUpload; back: NidUpload }> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the NID as multipart/form-data with nidNumber, front and back',
    );
  }
  const out: { nidNumber: string | undefined; front: NidUpload; back: NidUpload } = {
    nidNumber: undefined,
    front: undefined,
    back: undefined,
  };
  try {
    const parts = request.parts({
      limits: { fileSize: nidImageMaxBytes, files: 2, fields: 5, parts: 7, fieldSize: 1024, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'front' || part.fieldname === 'back') {
          out[part.fieldname] = { bytes, tooLarge: part.file.truncated };
        }
      } else if (part.fieldname === 'nidNumber' && typeof part.value === 'string') {
        out.nidNumber = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  return out;
}

/** The multipart parser's errors in our vocabulary. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'Send one nidNumber field and two images, front and back');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('FILE_TOO_LARGE', 'Each image must be at most 5 MB');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the NID as multipart/form-data');
    default:
      return new AppError('VALIDATION_FAILED', 'The upload is incomplete or malformed; please try again');
  }
}
