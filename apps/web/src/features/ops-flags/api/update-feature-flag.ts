import { featureFlagSchema, type flagUpdateSchema } from '@dak/domain/flags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { type FeatureFlagList, featureFlagsKey } from './list-feature-flags';

export type FeatureFlagPatch = ReturnType<typeof flagUpdateSchema.parse>;

const schema = withDates(featureFlagSchema);

/** PUT /ops/flags/:name: only the fields given change; every change is kept on the server. */
export function updateFeatureFlag(name: string, patch: FeatureFlagPatch) {
  return apiRequest(`/ops/flags/${encodeURIComponent(name)}`, { method: 'PUT', body: patch, schema });
}

export function useUpdateFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, patch }: { name: string; patch: FeatureFlagPatch }) =>
      updateFeatureFlag(name, patch),
    onSuccess: (flag) => {
      queryClient.setQueryData<FeatureFlagList>(featureFlagsKey, (list) =>
        list ? { ...list, items: list.items.map((f) => (f.name === flag.name ? flag : f)) } : list,
      );
    },
  });
}
