import type { Permission, ShopRole } from '@dak/domain/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { logout } from '../features/auth/api/logout';
import { useShops } from '../features/shops/api/list-shops';
import { shopAccessQueryKey, useShopAccess } from '../features/shops/api/select-shop';
import { isApiError } from '../lib/api-error';
import { useAuth } from '../lib/auth-storage';
import { setSelectedShopId, useSelectedShopId } from '../lib/selected-shop';
import { endSession } from '../lib/session';

export type ShopListItem = { id: string; name: string; role: ShopRole };

/** The selected shop with my role and permissions in it (loaded by selecting it). */
export type SelectedShop = ShopListItem & {
  permissions: readonly Permission[];
  can: (permission: Permission) => boolean;
};

export type ShopState = {
  /** loading: the list or the permissions are on their way; none: no shop yet; error: list failed. */
  status: 'loading' | 'ready' | 'none' | 'error';
  /** My shops, the selected one first. */
  shops: ShopListItem[];
  /** The shop being worked on; null until its permissions are loaded. */
  shop: SelectedShop | null;
  selectedId: string | null;
  switchShop: (shopId: string) => void;
  retry: () => void;
};

const ShopContext = createContext<ShopState | null>(null);

/**
 * Selected-shop state (spec 4): the shops list, the selected shop kept in the browser, and my
 * role and permissions in it, loaded by selecting it. When the permissions cannot be loaded the
 * merchant is signed out and sent to /login, as the spec says.
 */
export function ShopProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const auth = useAuth();
  const signedIn = auth?.kind === 'user';
  const list = useShops({ enabled: signedIn });
  const storedId = useSelectedShopId();

  const items = list.data?.items;
  const known = items?.some((item) => item.id === storedId) ? storedId : null;
  // The stored shop if I still work in it, else the one the server lists first (selected last).
  const selectedId = signedIn ? (known ?? items?.[0]?.id ?? null) : null;
  const access = useShopAccess(selectedId);

  useEffect(() => {
    if (selectedId && selectedId !== storedId) setSelectedShopId(selectedId);
  }, [selectedId, storedId]);

  // A failed permission load ends the session (spec 4 and 8); an unreachable API does not.
  const handledError = useRef<unknown>(null);
  useEffect(() => {
    const error = access.error;
    if (!error || handledError.current === error) return;
    handledError.current = error;
    if (isApiError(error) && (error.code === 'NETWORK_ERROR' || error.status === 401)) return;
    void logout()
      .catch(() => undefined)
      .then(() => {
        endSession();
        toast.error(t('shops.permissionsFailed'), { toastId: 'shop-permissions' });
        return navigate('/login', { replace: true });
      });
  }, [access.error, navigate, t]);

  const { isError: listFailed, isPending: listPending, refetch: refetchList } = list;
  const value = useMemo<ShopState>(() => {
    const raw = items ?? [];
    const selected = raw.find((item) => item.id === selectedId);
    // The selected shop moves to the top of the list (spec 4).
    const shops = selected ? [selected, ...raw.filter((item) => item.id !== selected.id)] : raw;
    const permissions = access.data?.permissions;
    const shop: SelectedShop | null =
      selected && access.data && permissions
        ? {
            id: selected.id,
            name: selected.name,
            role: access.data.role,
            permissions,
            can: (permission) => permissions.includes(permission),
          }
        : null;
    const status: ShopState['status'] = listFailed
      ? 'error'
      : listPending
        ? 'loading'
        : raw.length === 0
          ? 'none'
          : shop
            ? 'ready'
            : 'loading';
    return {
      status,
      shops: shops.map(({ id, name, role }) => ({ id, name, role })),
      shop,
      selectedId,
      switchShop: setSelectedShopId,
      retry: () => {
        void refetchList();
        if (selectedId) void queryClient.invalidateQueries({ queryKey: shopAccessQueryKey(selectedId) });
      },
    };
  }, [items, selectedId, access.data, listFailed, listPending, refetchList, queryClient]);

  return <ShopContext value={value}>{children}</ShopContext>;
}

export function useShopState(): ShopState {
  const state = useContext(ShopContext);
  if (!state) throw new Error('useShopState needs a ShopProvider');
  return state;
}
