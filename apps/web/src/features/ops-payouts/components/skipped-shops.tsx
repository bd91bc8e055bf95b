import type { payoutSkipSchema } from '@dak/domain/money-api';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

type Skip = z.infer<typeof payoutSkipSchema>;

/** The shops a run left out, each with its reason in words (and the balance it had, when known). */
export function SkippedShops({ skipped }: { skipped: Skip[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="payouts-skipped" aria-label={t('opsConsole.payouts.runs.skippedLabel')}>
      <Typography.Title level={3} className="ops-section-title">
        {t('opsConsole.payouts.runs.skippedTitle', { n: formatNumber(skipped.length, language) })}
      </Typography.Title>
      {skipped.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('opsConsole.payouts.runs.noneSkipped')} />
      ) : (
        <ul className="payouts-skip-list">
          {skipped.map((s) => (
            <li key={s.shopId} className="payouts-skip" data-shop-id={s.shopId}>
              <strong className="ops-wrap">{s.shopName ?? s.shopId}</strong>
              <span>{t(`opsConsole.payouts.skipReasons.${s.reason}`)}</span>
              {s.amount !== undefined ? (
                <span className="ops-secondary">
                  {t('opsConsole.payouts.runs.skipBalance', { amount: formatTaka(s.amount, language) })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
