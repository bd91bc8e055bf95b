import { listSchema } from '@dak/domain/lists';
import { type NotificationEvent, notificationSchema } from '@dak/domain/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { apiBase, apiRequest } from '../../../lib/api-client';
import { authHeaders, useAuth } from '../../../lib/auth-storage';
import { dashboardKey } from '../../dashboard/api/get-dashboard';

/**
 * The list with its own two timestamps as dates; the params stay as sent (a deadline is text that
 * the words format, so withDates, which revives every timestamp, would break its schema).
 */
const listParser = {
  parse: (data: unknown) => {
    const page = data as { items?: Record<string, unknown>[] };
    const items = (page.items ?? []).map((n) => ({
      ...n,
      createdAt: typeof n.createdAt === 'string' ? new Date(n.createdAt) : n.createdAt,
      readAt: typeof n.readAt === 'string' ? new Date(n.readAt) : n.readAt,
    }));
    return listSchema(notificationSchema).parse({ ...page, items });
  },
};

export const notificationsKey = (shopId: string) => ['notifications', shopId] as const;
const path = (shopId: string) => `/shops/${shopId}/notifications`;

/** GET …/notifications/unread-count: the bell's number. */
export function useUnreadCount(shopId: string) {
  return useQuery({
    queryKey: [...notificationsKey(shopId), 'unread'],
    queryFn: ({ signal }) =>
      apiRequest(`${path(shopId)}/unread-count`, { schema: z.object({ count: z.number() }), signal }),
  });
}

/** GET …/notifications: the newest page, when the list is open. */
export function useNotifications(shopId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...notificationsKey(shopId), 'list'],
    queryFn: ({ signal }) => apiRequest(`${path(shopId)}?limit=50`, { schema: listParser, signal }),
    enabled,
  });
}

/** Marks one (an id) or every notification read; the bell and the list are asked again. */
export function useMarkRead(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      apiRequest(id === 'all' ? `${path(shopId)}/read-all` : `${path(shopId)}/${id}/read`, {
        method: 'POST',
        body: {},
        schema: z.unknown(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey(shopId) }),
  });
}

/** Splits a server-sent events text into its events' `event` and `data`. */
export function readEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    return data.length > 0 ? [{ event, data: data.join('\n') }] : [];
  });
  return { events, rest };
}

/**
 * The shop's live notifications (GET …/events, server-sent events) read with fetch, so the bearer
 * token goes in the header as on every call, never in the address. Each new one goes to `onEvent`
 * and the bell is asked again; a dropped stream is opened again after 3 s; signing out (no token)
 * or leaving the shop closes it.
 */
export function useNotificationStream(shopId: string | undefined, onEvent: (n: NotificationEvent) => void) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const token = auth?.kind === 'user' ? auth.token : null;

  useEffect(() => {
    if (!shopId || !token) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = async () => {
      try {
        const res = await fetch(`${apiBase}/shops/${shopId}/events`, {
          headers: { ...authHeaders(), accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
        // A 401 ends the stream for good: the session is over.
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          const { events, rest } = readEvents(buffer);
          buffer = rest;
          for (const e of events) {
            if (e.event !== 'notification') continue;
            handler.current(JSON.parse(e.data) as NotificationEvent);
            void queryClient.invalidateQueries({ queryKey: notificationsKey(shopId) });
            // What the event changed (a failed delivery waits, a payment bounced) shows on the open dashboard.
            void queryClient.invalidateQueries({ queryKey: dashboardKey(shopId) });
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (!controller.signal.aborted) retry = setTimeout(() => void open(), 3000);
    };
    void open();
    return () => {
      controller.abort();
      if (retry) clearTimeout(retry);
    };
  }, [shopId, token, queryClient]);
}
