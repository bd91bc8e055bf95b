import { Grid, Switch, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import { type PagedListProps, PagedTable } from '../../../components/ui/paged-table';
import { useLanguage } from '../../../lib/i18n';
import type { District } from '../api/list-districts';
import type { OpsBranch, OpsBranchList } from '../api/list-ops-branches';
import { useUpdateBranch } from '../api/update-branch';

type BranchesTableProps = PagedListProps<OpsBranchList> & { districts: ReadonlyMap<string, District> };

/** A bank's branches with their routing numbers; the switch offers a branch to merchants or not. */
export function BranchesTable({ districts, ...list }: BranchesTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const update = useUpdateBranch();
  // Below 576 px the routing number moves under the branch name.
  const compact = Grid.useBreakpoint().sm === false;
  const [pendingId, setPendingId] = useState<number | null>(null);

  const name = (item: { nameEn: string; nameBn: string | null }) =>
    language === 'bn' && item.nameBn ? item.nameBn : item.nameEn;

  const toggle = async (branch: OpsBranch, active: boolean) => {
    setPendingId(branch.id);
    try {
      await update.mutateAsync({ branchId: branch.id, active });
      toast.success(
        t(active ? 'opsConsole.banks.activated' : 'opsConsole.banks.deactivated', { branch: name(branch) }),
      );
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setPendingId(null);
    }
  };

  const columns: TableColumnsType<OpsBranch> = [
    {
      key: 'branch',
      title: t('opsConsole.banks.columns.branch'),
      render: (_, branch) => (
        <>
          {name(branch)}
          {compact ? <span className="ops-mono ops-block">{branch.routingNumber}</span> : null}
          {branch.address ? <span className="ops-secondary">{branch.address}</span> : null}
        </>
      ),
    },
    {
      key: 'routing',
      title: t('opsConsole.banks.columns.routing'),
      responsive: ['sm'],
      render: (_, branch) => <span className="ops-mono">{branch.routingNumber}</span>,
    },
    {
      key: 'district',
      title: t('opsConsole.banks.columns.district'),
      responsive: ['md'],
      render: (_, branch) => {
        const district = districts.get(branch.districtId);
        return district ? name({ nameEn: district.nameEn, nameBn: district.nameBn }) : branch.districtId;
      },
    },
    {
      key: 'active',
      title: t('opsConsole.banks.columns.active'),
      align: 'center',
      render: (_, branch) => (
        <Switch
          checked={branch.active}
          loading={pendingId === branch.id}
          disabled={pendingId !== null && pendingId !== branch.id}
          onChange={(checked) => void toggle(branch, checked)}
          aria-label={t('opsConsole.banks.activeFor', { branch: name(branch) })}
        />
      ),
    },
  ];

  return (
    <PagedTable<OpsBranch>
      {...list}
      emptyText={t('opsConsole.banks.empty')}
      total={(count, n) => t('opsConsole.banks.total', { count, n })}
      columns={columns}
    />
  );
}
