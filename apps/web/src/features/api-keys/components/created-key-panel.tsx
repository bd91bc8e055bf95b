import type { ApiKeyCreated } from '@dak/domain/api-keys';
import './api-keys.css';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The one time a key's token and secret are shown: copy buttons and a plain warning that Dak
 * keeps only a hash and cannot show them again.
 */
export function CreatedKeyPanel({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const { t } = useTranslation();
  const rows = [
    {
      label: t('apiKeys.token'),
      value: created.token,
      hint: t('apiKeys.tokenHint'),
      testId: 'api-key-token',
    },
    { label: t('apiKeys.keyId'), value: created.keyId, hint: null, testId: 'api-key-id' },
    {
      label: t('apiKeys.secret'),
      value: created.secret,
      hint: t('apiKeys.secretHint'),
      testId: 'api-key-secret',
    },
  ];
  return (
    <section
      className="api-key-created"
      aria-labelledby="api-key-created-title"
      data-testid="api-key-created"
    >
      <Alert
        type="warning"
        showIcon
        title={<span id="api-key-created-title">{t('apiKeys.createdTitle', { name: created.name })}</span>}
        description={t('apiKeys.shownOnce')}
      />
      <dl className="api-key-created__values">
        {rows.map((row) => (
          <div key={row.testId} className="api-key-created__row">
            <dt>{row.label}</dt>
            <dd>
              <Typography.Text
                code
                dir="ltr"
                className="api-key-created__value"
                data-testid={row.testId}
                copyable={{ text: row.value, tooltips: [t('apiKeys.copy'), t('apiKeys.copied')] }}
              >
                {row.value}
              </Typography.Text>
              {row.hint ? <div className="api-key-created__hint">{row.hint}</div> : null}
            </dd>
          </div>
        ))}
      </dl>
      <Button type="primary" onClick={onDone}>
        {t('apiKeys.done')}
      </Button>
    </section>
  );
}
