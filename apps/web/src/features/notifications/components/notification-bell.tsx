import { type Notification, type NotificationEvent, notificationText } from '@dak/domain/notifications';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { BellIcon } from '../../../components/light/icons';
import { withAntd } from '../../../components/light/with-antd';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useMarkRead, useNotificationStream, useNotifications, useUnreadCount } from '../api/notifications';
import './notifications.css';

/** The list's drawer (antd) comes with the first press of the bell, not with the page. */
const NotificationDrawer = withAntd(async () => (await import('./notification-drawer')).NotificationDrawer);

/**
 * The merchant shell's bell: the unread count of the selected shop, a drawer with the newest
 * notifications (a click marks one read and opens its link), and the live toasts of the stream
 * (top right, 8 s, pause on hover, draggable, not closed by a click: a click opens the link).
 * The bell and its count are plain markup; the drawer loads on first open (issue 16).
 */
export function NotificationBell({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Once opened, the drawer stays mounted, so closing it slides it out.
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount(shopId);
  const list = useNotifications(shopId, open);
  const mark = useMarkRead(shopId);
  const count = unread.data?.count ?? 0;

  useNotificationStream(shopId, (n: NotificationEvent) => {
    toast.info(<span data-testid="notification-toast">{notificationText(n, language)}</span>, {
      toastId: n.id,
      onClick: () => {
        mark.mutate(n.id);
        void navigate(n.link ?? '/dashboard');
      },
    });
  });

  const openOne = (n: Notification) => {
    if (!n.readAt) mark.mutate(n.id);
    setOpen(false);
    void navigate(n.link ?? '/dashboard');
  };

  return (
    <>
      <button
        type="button"
        className="notification-bell"
        aria-label={t('notifications.bell', { n: formatNumber(count, language) })}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
      >
        <BellIcon />
        {count > 0 ? (
          <span className="notification-bell__count" data-count={count} aria-hidden>
            {count > 99 ? `${formatNumber(99, language)}+` : formatNumber(count, language)}
          </span>
        ) : null}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <NotificationDrawer
            open={open}
            onClose={() => setOpen(false)}
            items={list.data?.items}
            loading={list.isLoading}
            unread={count}
            onOpenOne={openOne}
            onMarkAll={() => mark.mutate('all')}
          />
        </Suspense>
      ) : null}
    </>
  );
}
