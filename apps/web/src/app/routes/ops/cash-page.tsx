import { roomRoles } from '@dak/domain/staff-rooms';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { withParams } from '../../../components/list/use-list-params';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { useOpsMe } from '../../../features/ops-auth/api/get-ops-me';
import { useCashHubs } from '../../../features/ops-cash/api/cash-hubs';
import { CashDesk } from '../../../features/ops-cash/components/cash-desk';
import { useLanguage } from '../../../lib/i18n';

/** The hub's cash desk: pick one of the staff member's hubs (in the address), then its riders' cash and deposits. */
export function CashPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const me = useOpsMe();
  const role = me.data?.staff.role;
  const hubs = useCashHubs(role);
  const [params, setParams] = useSearchParams();
  const items = hubs.data ?? [];
  const hubId = params.get('hub') ?? (items.length === 1 ? (items[0]?.id ?? null) : null);
  const canDeposit = role !== undefined && (roomRoles.deposits as readonly string[]).includes(role);

  if (hubs.isError) return <OpsLoadError error={hubs.error} onRetry={() => void hubs.refetch()} />;
  return (
    <CashDesk
      hubId={hubId}
      canDeposit={canDeposit}
      noHub={hubs.isSuccess && items.length === 0}
      hubPicker={
        <Select
          id="cash-hub"
          className="ops-select-district"
          showSearch={{ optionFilterProp: 'label' }}
          value={hubId ?? undefined}
          onChange={(value: string) => setParams((current) => withParams(current, { hub: value }))}
          placeholder={t('opsConsole.cash.chooseHub')}
          loading={hubs.isPending}
          options={items.map((h) => ({ value: h.id, label: h.name[language] }))}
        />
      }
    />
  );
}
