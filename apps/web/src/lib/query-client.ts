import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Cache lifetimes of the spec's constants: reference data 1 hour, shop configs 5 minutes. */
export const staleTimes = {
  referenceData: 60 * 60 * 1000,
  shopConfig: 5 * 60 * 1000,
  default: 30 * 1000,
} as const;

/** Retry only what may succeed on a second try: 5xx answers, never 4xx or an unreachable API. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (error.status === 0 || error.status < 500)) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: staleTimes.default, retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
