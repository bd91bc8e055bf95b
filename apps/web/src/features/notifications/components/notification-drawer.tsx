import { type Notification, notificationText } from '@dak/domain/notifications';
import { Button, Drawer, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';

/**
 * The bell's list: the newest notifications of the shop, a click opens one. antd's Drawer, loaded
 * only when the bell is first pressed (notification-bell.tsx), with its own antd providers.
 */
export function NotificationDrawer({
  open,
  onClose,
  items,
  loading,
  unread,
  onOpenOne,
  onMarkAll,
}: {
  open: boolean;
  onClose: () => void;
  items: Notification[] | undefined;
  loading: boolean;
  unread: number;
  onOpenOne: (n: Notification) => void;
  onMarkAll: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Drawer
      title={t('notifications.title')}
      open={open}
      onClose={onClose}
      extra={
        <Button size="small" disabled={unread === 0} onClick={onMarkAll}>
          {t('notifications.markAllRead')}
        </Button>
      }
    >
      {loading ? <Spin /> : null}
      {items && items.length === 0 ? <Empty description={t('notifications.empty')} /> : null}
      <ul className="notification-list">
        {(items ?? []).map((n) => (
          <li
            key={n.id}
            className={n.readAt ? 'notification notification--read' : 'notification'}
            data-testid="notification-item"
          >
            <button type="button" className="notification__open" onClick={() => onOpenOne(n)}>
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
  );
}
