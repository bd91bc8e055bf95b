import { retryAfterSeconds } from './api-error';

/**
 * Asks for a new code. The countdown restarts from the server's resendAfterSeconds, or from its
 * retryAfterSeconds when it says it is too soon; null leaves the countdown as it is.
 */
export async function resendCode(
  send: () => Promise<{ resendAfterSeconds: number }>,
  onError: (error: unknown) => void,
): Promise<number | null> {
  try {
    return (await send()).resendAfterSeconds;
  } catch (error) {
    onError(error);
    return retryAfterSeconds(error);
  }
}
