import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/light/alert';
import { Button } from '../../../components/light/button';
import { Skeleton } from '../../../components/light/skeleton';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { usePaymentsSummary } from '../api/get-payments-summary';
import { Taka, useFailureToast } from './money';
import './payments.css';

function SummaryCard({
  id,
  label,
  hint,
  tone,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  tone?: 'warning';
  children: ReactNode;
}) {
  return (
    <div className={tone ? `money-card money-card--${tone}` : 'money-card'} data-testid={`summary-${id}`}>
      <dt className="money-card__label">{label}</dt>
      <dd className="money-card__value">{children}</dd>
      {hint ? <dd className="money-card__hint">{hint}</dd> : null}
    </div>
  );
}

/**
 * The Payments page's cards: what the shop owes, what is collected and not yet invoiced, on its
 * way, paid, and the next payment with its date. One row of cards on a computer, two columns on
 * a phone.
 */
export function PaymentsSummaryCards({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const summary = usePaymentsSummary(shopId);
  useFailureToast(summary.isError, 'fetchPaymentsFailed');

  if (summary.isPending) return <Skeleton rows={3} />;
  if (summary.isError) {
    return (
      <Alert
        type="error"
        title={t('money.messages.fetchPaymentsFailed')}
        action={<Button onClick={() => void summary.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }
  const { dueAmount, unpaidAmount, processingAmount, paidAmount, nextPayment } = summary.data;
  return (
    <section aria-label={t('money.summary.label')}>
      <dl className="money-cards">
        <SummaryCard
          id="due"
          label={t('money.summary.due')}
          hint={dueAmount > 0 ? t('money.summary.dueHint') : undefined}
          tone={dueAmount > 0 ? 'warning' : undefined}
        >
          <Taka amount={dueAmount} />
        </SummaryCard>
        <SummaryCard id="unpaid" label={t('money.summary.unpaid')} hint={t('money.summary.unpaidHint')}>
          <Taka amount={unpaidAmount} />
        </SummaryCard>
        <SummaryCard
          id="processing"
          label={t('money.summary.processing')}
          hint={t('money.summary.processingHint')}
        >
          <Taka amount={processingAmount} />
        </SummaryCard>
        <SummaryCard id="paid" label={t('money.summary.paid')}>
          <Taka amount={paidAmount} />
        </SummaryCard>
        <SummaryCard
          id="next"
          label={t('money.summary.next')}
          hint={
            nextPayment
              ? t('money.summary.nextOn', { date: formatDate(nextPayment.date, language) })
              : undefined
          }
        >
          {nextPayment ? (
            <Taka amount={nextPayment.amount} />
          ) : (
            <span className="money-card__none">{t('money.summary.noneScheduled')}</span>
          )}
        </SummaryCard>
      </dl>
    </section>
  );
}
