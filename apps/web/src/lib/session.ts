import { clearAuth, type StoredAuth, setAuth } from './auth-storage';
import { queryClient } from './query-client';
import { setSelectedShopId } from './selected-shop';
import { forgetSessionValues } from './stored-value';

/** Starts a session: nothing cached for the previous person survives. */
export function startSession(auth: StoredAuth): void {
  queryClient.clear();
  setAuth(auth);
}

/** Ends the session in this browser (the server side is revoked by the logout call). */
export function endSession(): void {
  clearAuth();
  setSelectedShopId(null);
  forgetSessionValues();
  queryClient.clear();
}
