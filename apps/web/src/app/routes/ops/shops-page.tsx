import { useTranslation } from 'react-i18next';
import { OpsSearch } from '../../../components/list/ops-list';
import { useListParams, useSearchText } from '../../../components/list/use-list-params';
import { isForbidden, OpsLoadError } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { useOpsShops } from '../../../features/ops-shops/api/list-ops-shops';
import { ShopsTable } from '../../../features/ops-shops/components/shops-table';

const pageSize = 20;

/** Shops: search by name, owner phone or id; the search and page live in the address. */
export function ShopsPage() {
  const { t } = useTranslation();
  const { params, page, offset, update, setPage } = useListParams({ pageSize });
  const q = params.get('q') ?? '';
  const search = useSearchText(q, (next) => update({ q: next }));
  const shops = useOpsShops({ q, limit: pageSize, offset });

  return (
    <>
      <OpsPageHeader title={t('opsConsole.shops.title')} subtitle={t('opsConsole.shops.subtitle')} />
      <div className="ops-panel">
        <div className="ops-toolbar">
          <OpsSearch room="shops" search={search} onSearch={(next) => update({ q: next })} maxLength={100} />
        </div>
        {shops.isError && (isForbidden(shops.error) || !shops.data) ? (
          <OpsLoadError error={shops.error} onRetry={() => void shops.refetch()} />
        ) : (
          <ShopsTable
            data={shops.data}
            loading={shops.isPending || shops.isPlaceholderData}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
          />
        )}
      </div>
    </>
  );
}
