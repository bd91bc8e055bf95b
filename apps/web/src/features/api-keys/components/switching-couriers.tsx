import './api-keys.css';
import type { ApiKey } from '@dak/domain/api-keys';
import { Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/ui/page-card';
import { type CompatApi, type CompatSnippets, compatApis, compatSnippets } from './compat-snippets';

type Props = {
  /** The server's address as the browser sees it (the base URLs start with it). */
  origin: string;
  /** The shop's keys; the live ones may fill in the snippets' key ID. */
  keys: ApiKey[];
  /** The owner's phone as Pathao's `username`, when known. */
  phone: string | null;
};

/**
 * "Switching from another courier?": for each peer API Dak answers, the base URL and the key
 * settings a shop's existing plugin needs, and one call to try, all copyable.
 */
export function SwitchingCouriers({ origin, keys, phone }: Props) {
  const { t } = useTranslation();
  const live = keys.filter((key) => key.revokedAt === null);
  const [chosen, setChosen] = useState<string | null>(null);
  const keyId = live.find((key) => key.keyId === chosen)?.keyId ?? live[0]?.keyId ?? null;

  return (
    <>
      <Typography.Paragraph type="secondary">{t('switching.intro')}</Typography.Paragraph>
      <div className="switching-key">
        {live.length > 0 ? (
          <>
            <label htmlFor="switching-key" className="switching-key__label">
              {t('switching.key')}
            </label>
            <Select
              id="switching-key"
              className="switching-key__select"
              value={keyId}
              onChange={setChosen}
              options={live.map((key) => ({ value: key.keyId, label: `${key.name} (${key.prefix})` }))}
            />
            <Typography.Text type="secondary" className="switching-key__hint">
              {t('switching.secretHint')}
            </Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">{t('switching.noKeys')}</Typography.Text>
        )}
      </div>
      {compatApis.map((api) => (
        <CompatCard key={api} api={api} snippets={compatSnippets(api, { origin, keyId, phone })} />
      ))}
    </>
  );
}

function CompatCard({ api, snippets }: { api: CompatApi; snippets: CompatSnippets }) {
  const { t } = useTranslation();
  const copyable = (text: string) => ({ text, tooltips: [t('apiKeys.copy'), t('apiKeys.copied')] });
  return (
    <PageCard titleId={`switching-${api}-title`} title={t(`switching.${api}.title`)}>
      <Typography.Paragraph>{t(`switching.${api}.text`)}</Typography.Paragraph>
      <div className="switching-base">
        <span className="switching-base__label">{t('switching.baseUrl')}</span>
        <Typography.Text
          code
          dir="ltr"
          className="switching-base__value"
          data-testid={`switching-${api}-base`}
          copyable={copyable(snippets.baseUrl)}
        >
          {snippets.baseUrl}
        </Typography.Text>
      </div>
      <h3 className="code-snippet__title">{t('switching.settings')}</h3>
      <Typography.Paragraph className="code-snippet" copyable={copyable(snippets.settings)}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard */}
        <pre dir="ltr" tabIndex={0} data-testid={`switching-${api}-settings`}>
          {snippets.settings}
        </pre>
      </Typography.Paragraph>
      <h3 className="code-snippet__title">{t('switching.example')}</h3>
      <Typography.Paragraph className="code-snippet" copyable={copyable(snippets.example)}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard */}
        <pre dir="ltr" tabIndex={0} data-testid={`switching-${api}-example`}>
          {snippets.example}
        </pre>
      </Typography.Paragraph>
    </PageCard>
  );
}
