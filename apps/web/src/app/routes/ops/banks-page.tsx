import { Empty, Input, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageParam, withParams } from '../../../components/list/use-list-params';
import { isForbidden, OpsLoadError } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { useBanks } from '../../../features/ops-banks/api/list-banks';
import { type District, useDistricts } from '../../../features/ops-banks/api/list-districts';
import { useOpsBranches } from '../../../features/ops-banks/api/list-ops-branches';
import { BranchesTable } from '../../../features/ops-banks/components/branches-table';
import { toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

const pageSize = 50;

function activeParam(value: string | null): 'true' | 'false' | null {
  return value === 'true' || value === 'false' ? value : null;
}

/** Bank branches: pick a bank, find a branch, switch it on or off for merchants' payment methods. */
export function BanksPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const bankId = params.get('bank');
  const q = params.get('q') ?? '';
  const districtId = params.get('district');
  const active = activeParam(params.get('active'));
  const page = pageParam(params.get('page'));
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);

  const banks = useBanks();
  const districts = useDistricts();
  const branches = useOpsBranches(
    { bankId: bankId ?? '', q, districtId, active, limit: pageSize, offset: (page - 1) * pageSize },
    { enabled: bankId !== null },
  );

  const districtById = useMemo(
    () => new Map<string, District>((districts.data?.items ?? []).map((d) => [d.id, d])),
    [districts.data],
  );
  const label = (item: { nameEn: string; nameBn: string | null }) =>
    language === 'bn' && item.nameBn ? item.nameBn : item.nameEn;
  const set = (changes: Record<string, string | null>) =>
    setParams(withParams(params, { page: null, ...changes }));

  return (
    <>
      <OpsPageHeader title={t('opsConsole.banks.title')} subtitle={t('opsConsole.banks.subtitle')} />
      <div className="ops-panel">
        <div className="ops-toolbar">
          <div className="ops-toolbar__item ops-toolbar__grow">
            <label htmlFor="ops-bank">{t('opsConsole.banks.bank')}</label>
            <Select
              id="ops-bank"
              showSearch={{ optionFilterProp: 'label' }}
              value={bankId ?? undefined}
              onChange={(value: string) => set({ bank: value, q: null, district: null })}
              placeholder={t('opsConsole.banks.bankPlaceholder')}
              loading={banks.isPending}
              options={(banks.data?.items ?? []).map((bank) => ({
                value: bank.id,
                label: bank.shortName ? `${label(bank)} (${bank.shortName})` : label(bank),
              }))}
            />
          </div>
          <div className="ops-toolbar__item ops-toolbar__grow">
            <label htmlFor="ops-branch-search">{t('opsConsole.banks.searchLabel')}</label>
            <Input.Search
              id="ops-branch-search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onSearch={(value) => set({ q: toLatinDigits(value.trim()) })}
              placeholder={t('opsConsole.banks.searchPlaceholder')}
              enterButton={t('opsConsole.common.search')}
              allowClear
              maxLength={60}
              disabled={bankId === null}
            />
          </div>
          <div className="ops-toolbar__item">
            <label htmlFor="ops-branch-district">{t('opsConsole.banks.district')}</label>
            <Select
              id="ops-branch-district"
              className="ops-select-district"
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              value={districtId ?? undefined}
              onChange={(value: string | undefined) => set({ district: value ?? null })}
              placeholder={t('opsConsole.banks.allDistricts')}
              disabled={bankId === null}
              options={(districts.data?.items ?? []).map((d) => ({ value: d.id, label: label(d) }))}
            />
          </div>
          <div className="ops-toolbar__item">
            <label htmlFor="ops-branch-active">{t('opsConsole.banks.show')}</label>
            <Select
              id="ops-branch-active"
              className="ops-select-active"
              value={active ?? 'all'}
              onChange={(value: string) => set({ active: value === 'all' ? null : value })}
              disabled={bankId === null}
              options={[
                { value: 'all', label: t('opsConsole.banks.showAll') },
                { value: 'true', label: t('opsConsole.banks.showActive') },
                { value: 'false', label: t('opsConsole.banks.showInactive') },
              ]}
            />
          </div>
        </div>
        {bankId === null ? (
          banks.isError ? (
            <OpsLoadError error={banks.error} onRetry={() => void banks.refetch()} />
          ) : (
            <Empty description={t('opsConsole.banks.chooseBank')} />
          )
        ) : branches.isError && (isForbidden(branches.error) || !branches.data) ? (
          <OpsLoadError error={branches.error} onRetry={() => void branches.refetch()} />
        ) : (
          <BranchesTable
            data={branches.data}
            loading={branches.isPending || branches.isPlaceholderData}
            districts={districtById}
            page={page}
            pageSize={pageSize}
            onPageChange={(next) => setParams(withParams(params, { page: next === 1 ? null : String(next) }))}
          />
        )}
      </div>
    </>
  );
}
