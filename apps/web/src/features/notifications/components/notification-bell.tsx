import { BellOutlined } from '@ant-design/icons';
import { type Notification, type NotificationEvent, notificationText } from '@dak/domain/notifications';
import { Badge, Button, Drawer, Empty, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useMarkRead, useNotificationStream, useNotifications, useUnreadCount } from '../api/notifications';
import './notifications.css';

/**
 * The merchant shell's bell: the unread count of the selected shop, a drawer with the newest
 * notifications (a click marks one read and opens its link), and the live toasts of the stream
 * (top right, 8 s, pause on hover, draggable, not closed by a click: a click opens the link).
 */
export function NotificationBell({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
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
      <Button
        type="text"
        className="notification-bell"
        aria-label={t('notifications.bell', { n: formatNumber(count, language) })}
        onClick={() => setOpen(true)}
        icon={
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined aria-hidden />
          </Badge>
        }
      />
      <Drawer
        title={t('notifications.title')}
        open={open}
        onClose={() => setOpen(false)}
        extra={
          <Button size="small" disabled={count === 0} onClick={() => mark.mutate('all')}>
            {t('notifications.markAllRead')}
          </Button>
        }
      >
        {list.isLoading ? <Spin /> : null}
        {list.data && list.data.items.length === 0 ? <Empty description={t('notifications.empty')} /> : null}
        <ul className="notification-list">
          {(list.data?.items ?? []).map((n) => (
            <li
              key={n.id}
              className={n.readAt ? 'notification notification--read' : 'notification'}
              data-testid="notification-item"
            >
              <button type="button" className="notification__open" onClick={() => openOne(n)}>
                <Typography.Text strong={!n.readAt}>{notificationText(n, language)}</Typography.Text>
                <Typography.Text type="secondary" className="notification__time">
                  {n.createdAt.toLocaleString(language === 'bn' ? 'bn-BD' : 'en-GB', {
                    timeZone: 'Asia/Dhaka',
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </Typography.Text>
              </button>
            </li>
          ))}
        </ul>
      </Drawer>
    </>
  );
}
