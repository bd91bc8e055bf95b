import { mediaUploadedSchema } from '@dak/domain/site-content';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /ops/media (multipart): a cover image, checked by its bytes on the server. */
export function uploadImage(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest('/ops/media', { method: 'POST', body: form, schema: mediaUploadedSchema });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
