import { type termsPublishSchema, termsVersionSchema } from '@dak/domain/terms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { termsVersionsKey } from './list-terms-versions';

export type TermsPublishInput = ReturnType<typeof termsPublishSchema.parse>;

const schema = withDates(termsVersionSchema);

/** POST /ops/terms: a new version, in force at once; every shop is asked to accept it again. */
export function publishTerms(input: TermsPublishInput) {
  return apiRequest('/ops/terms', { method: 'POST', body: input, schema });
}

export function usePublishTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTerms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: termsVersionsKey }),
  });
}
