import { KeyOutlined, StopOutlined } from '@ant-design/icons';
import './api-keys.css';
import type { ApiKey } from '@dak/domain/api-keys';
import { Button, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import { formatDate, localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { scopeKey } from './scope-labels';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The shop's keys: name, prefix, scopes, last use (when and from where), revoke. */
export function ApiKeyList({ shopId, keys }: { shopId: string; keys: ApiKey[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const revoke = useRevokeApiKey();

  const when = (value: Date) =>
    `${formatDate(value, language)}, ${localizeDigits(`${twoDigits(value.getHours())}:${twoDigits(value.getMinutes())}`, language)}`;

  const revokeKey = async (key: ApiKey) => {
    try {
      await revoke.mutateAsync({ shopId, id: key.id });
      toast.success(t('apiKeys.revoked', { name: key.name }));
    } catch (cause) {
      toast.error(errorText(cause));
    }
  };

  if (keys.length === 0) return <p className="card-list__muted">{t('apiKeys.none')}</p>;
  return (
    <ul className="card-list" aria-label={t('apiKeys.listLabel')}>
      {keys.map((key) => (
        <li
          key={key.id}
          // Not the muted (see-through) card: its faded words fail contrast; a grey card instead.
          className={`card-list__item${key.revokedAt ? ' api-key--revoked' : ''}`}
          data-testid="api-key"
        >
          <KeyOutlined aria-hidden className="card-list__icon" />
          <div className="card-list__main">
            <div className="card-list__title">{key.name}</div>
            <div className="card-list__text">
              <code dir="ltr" className="api-key-prefix">
                {key.prefix}
              </code>
            </div>
            <div className="card-list__meta">
              {key.revokedAt ? (
                <Tag icon={<StopOutlined aria-hidden />} className="api-key__revoked-tag">
                  {t('apiKeys.revokedTag')}
                </Tag>
              ) : null}
              {key.scopes.map((scope) => (
                <Tag key={scope}>{t(`apiKeys.scope.${scopeKey[scope]}`)}</Tag>
              ))}
            </div>
            <div className="card-list__text card-list__muted">
              {key.lastUsedAt
                ? t('apiKeys.lastUsed', { when: when(key.lastUsedAt), ip: key.lastUsedIp ?? '' })
                : t('apiKeys.neverUsed')}
            </div>
            <div className="card-list__text card-list__muted">
              {key.revokedAt
                ? t('apiKeys.revokedOn', { date: formatDate(key.revokedAt, language) })
                : t('apiKeys.createdOn', { date: formatDate(key.createdAt, language) })}
            </div>
          </div>
          {key.revokedAt ? null : (
            <div className="card-list__actions">
              <Popconfirm
                title={t('apiKeys.revokeTitle')}
                description={t('apiKeys.revokeBody', { name: key.name })}
                okText={t('apiKeys.revoke')}
                cancelText={t('actions.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => revokeKey(key)}
              >
                <Button danger aria-label={t('apiKeys.revokeNamed', { name: key.name })}>
                  {t('apiKeys.revoke')}
                </Button>
              </Popconfirm>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
