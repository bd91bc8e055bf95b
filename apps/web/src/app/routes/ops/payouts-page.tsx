import { Select, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { BankResultsTab } from '../../../features/ops-payouts/components/bank-results-tab';
import { BooksTab } from '../../../features/ops-payouts/components/books-tab';
import { InvoicesTab } from '../../../features/ops-payouts/components/invoices-tab';
import { RunsTab } from '../../../features/ops-payouts/components/runs-tab';
import { useOpsShops } from '../../../features/ops-shops/api/list-ops-shops';
import '../../../features/ops-payouts/components/payouts.css';
import { toLatinDigits } from '../../../lib/format';

const tabs = ['runs', 'invoices', 'results', 'books'] as const;
type PayoutsTab = (typeof tabs)[number];

/** A shop found as the shops room finds one (name, owner phone or id), for its statement. */
function ShopPicker({ shopId, onPick }: { shopId: string | null; onPick: (id: string | null) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const shops = useOpsShops({ q, limit: 20, offset: 0 });
  return (
    <Select
      id="statement-shop"
      showSearch={{ filterOption: false, onSearch: (text) => setQ(toLatinDigits(text.trim())) }}
      allowClear
      value={shopId ?? undefined}
      onChange={(id: string | undefined) => onPick(id ?? null)}
      placeholder={t('opsConsole.payouts.books.shopPlaceholder')}
      loading={shops.isFetching}
      options={(shops.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
      className="payouts-shop-picker"
    />
  );
}

/** Finance's room: payout runs, invoices by status, the bank's result file, and the books; the tab lives in the address. */
export function PayoutsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active: PayoutsTab = tabs.find((tab) => tab === params.get('tab')) ?? 'runs';
  return (
    <>
      <OpsPageHeader title={t('opsConsole.payouts.title')} subtitle={t('opsConsole.payouts.subtitle')} />
      <div className="ops-panel">
        <Tabs
          activeKey={active}
          onChange={(key) => setParams(key === 'runs' ? {} : { tab: key })}
          destroyOnHidden
          items={[
            { key: 'runs', label: t('opsConsole.payouts.tabs.runs'), children: <RunsTab /> },
            { key: 'invoices', label: t('opsConsole.payouts.tabs.invoices'), children: <InvoicesTab /> },
            { key: 'results', label: t('opsConsole.payouts.tabs.results'), children: <BankResultsTab /> },
            {
              key: 'books',
              label: t('opsConsole.payouts.tabs.books'),
              children: (
                <BooksTab shopPicker={(shopId, onPick) => <ShopPicker shopId={shopId} onPick={onPick} />} />
              ),
            },
          ]}
        />
      </div>
    </>
  );
}
