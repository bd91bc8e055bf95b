import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isForbidden, OpsLoadError } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { useOpsShops } from '../../../features/ops-shops/api/list-ops-shops';
import { ShopsTable } from '../../../features/ops-shops/components/shops-table';
import { toLatinDigits } from '../../../lib/format';
import { pageParam, withParams } from '../../../components/list/use-list-params';

const pageSize = 20;

/** Shops: search by name, owner phone or id; the search and page live in the address. */
export function ShopsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageParam(params.get('page'));
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const shops = useOpsShops({ q, limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <>
      <OpsPageHeader title={t('opsConsole.shops.title')} subtitle={t('opsConsole.shops.subtitle')} />
      <div className="ops-panel">
        <div className="ops-toolbar">
          <div className="ops-toolbar__item ops-toolbar__grow">
            <label htmlFor="ops-shop-search">{t('opsConsole.shops.searchLabel')}</label>
            <Input.Search
              id="ops-shop-search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onSearch={(value) =>
                setParams(withParams(params, { q: toLatinDigits(value.trim()), page: null }))
              }
              placeholder={t('opsConsole.shops.searchPlaceholder')}
              enterButton={t('opsConsole.common.search')}
              allowClear
              maxLength={100}
            />
          </div>
        </div>
        {shops.isError && (isForbidden(shops.error) || !shops.data) ? (
          <OpsLoadError error={shops.error} onRetry={() => void shops.refetch()} />
        ) : (
          <ShopsTable
            data={shops.data}
            loading={shops.isPending || shops.isPlaceholderData}
            page={page}
            pageSize={pageSize}
            onPageChange={(next) => setParams(withParams(params, { page: next === 1 ? null : String(next) }))}
          />
        )}
      </div>
    </>
  );
}
