import {
  languages,
  type NotificationPrefs,
  notificationChannels,
  notificationTopics,
} from '@dak/domain/settings';
import { Alert, Radio, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import { type Language, setLanguage, useLanguage } from '../../../lib/i18n';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import './settings.css';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Settings → Language: the panel's language here and the one Dak's SMS use (kept on the account). */
export function LanguageSetting() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const update = useUpdateSettings();

  const change = async (next: unknown) => {
    if (!isLanguage(next)) return;
    setLanguage(next);
    try {
      await update.mutateAsync({ language: next });
    } catch (cause) {
      toast.error(errorText(cause));
    }
  };

  return (
    <Radio.Group
      optionType="button"
      buttonStyle="solid"
      value={language}
      onChange={(event) => void change(event.target.value)}
      aria-labelledby="settings-language-title"
      options={languages.map((value) => ({
        value,
        label: <span lang={value}>{t(`languages.${value}`)}</span>,
      }))}
    />
  );
}

type PrefKey = keyof NotificationPrefs;

/** Settings → Notifications: how Dak may reach me (SMS, email, push) and about what. */
export function NotificationSettings() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const settings = useSettings();
  const update = useUpdateSettings();

  if (settings.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (settings.isError) return <Alert type="error" showIcon title={errorText(settings.error)} />;
  const prefs = settings.data.notifications;

  const toggle = async (key: PrefKey, on: boolean) => {
    try {
      await update.mutateAsync({ notifications: { [key]: on } });
      toast.success(t('settings.notificationsSaved'), { toastId: 'notifications-saved' });
    } catch (cause) {
      toast.error(errorText(cause));
    }
  };

  const row = (key: PrefKey) => (
    <li key={key} className="switch-row">
      <label htmlFor={`pref-${key}`} className="switch-row__label">
        <span className="switch-row__title">{t(`settings.prefs.${key}`)}</span>
        <span className="switch-row__hint">{t(`settings.prefHints.${key}`)}</span>
      </label>
      <Switch
        id={`pref-${key}`}
        checked={prefs[key]}
        loading={update.isPending && update.variables?.notifications?.[key] !== undefined}
        onChange={(on) => void toggle(key, on)}
      />
    </li>
  );

  return (
    <div className="notification-settings">
      <h3 className="settings-subtitle">{t('settings.channels')}</h3>
      <ul className="switch-list">{notificationChannels.map(row)}</ul>
      <h3 className="settings-subtitle">{t('settings.topics')}</h3>
      <ul className="switch-list">{notificationTopics.map(row)}</ul>
    </div>
  );
}
