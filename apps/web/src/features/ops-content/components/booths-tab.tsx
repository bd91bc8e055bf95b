import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatPhoneLocal } from '@dak/domain/phone';
import { boothInputSchema, boothServices } from '@dak/domain/site-content';
import {
  Button,
  Checkbox,
  Form,
  Input,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { booths, type OpsBooth } from '../api/booths';
import { useDistrictAreas, useDistricts } from '../api/geography';
import { useContentList, useRemoveContent, useSaveContent } from '../api/resource';
import { ContentDialog } from './content-dialog';
import { RemoveButton } from './remove-button';

type Values = {
  nameEn: string;
  nameBn: string;
  addressEn: string;
  addressBn: string;
  districtId?: string;
  areaId?: string | null;
  phone: string;
  hoursEn: string;
  hoursBn: string;
  services: string[];
  active: boolean;
};

const blank: Values = {
  nameEn: '',
  nameBn: '',
  addressEn: '',
  addressBn: '',
  districtId: undefined,
  areaId: null,
  phone: '',
  hoursEn: '',
  hoursBn: '',
  services: ['send_parcel'],
  active: true,
};

/** The area picker of the chosen district (optional: a booth may name its district only). */
function AreaField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string | null;
  onChange?: (v: string | null) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const districtId = Form.useWatch<string | undefined>('districtId');
  const areas = useDistrictAreas(districtId);
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={!districtId}
      loading={areas.isFetching}
      placeholder={t('opsConsole.content.booths.anyArea')}
      options={(areas.data?.items ?? []).map((a) => ({
        value: a.id,
        label: language === 'bn' ? a.nameBn : a.nameEn,
      }))}
    />
  );
}

/** Booths (sales points): where a walk-in sender books a parcel; the public courier page lists them. */
export function BoothsTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useContentList(booths);
  const save = useSaveContent(booths);
  const remove = useRemoveContent(booths);
  const districts = useDistricts();
  const [editing, setEditing] = useState<OpsBooth | 'new' | null>(null);
  const districtName = (id: string) => {
    const d = districts.data?.items.find((x) => x.id === id);
    return d ? (language === 'bn' ? d.nameBn : d.nameEn) : id;
  };

  const columns: TableColumnsType<OpsBooth> = [
    {
      key: 'name',
      title: t('opsConsole.content.booths.booth'),
      render: (_, item) => (
        <>
          <strong>{language === 'bn' ? item.nameBn : item.nameEn}</strong>
          <span className="ops-secondary">{language === 'bn' ? item.addressBn : item.addressEn}</span>
          {item.active ? null : (
            <span className="content-xs">
              <Tag>{t('opsConsole.content.booths.hidden')}</Tag>
            </span>
          )}
        </>
      ),
    },
    {
      key: 'district',
      title: t('opsConsole.content.fields.districtId'),
      width: 130,
      responsive: ['sm'],
      render: (_, item) => districtName(item.districtId),
    },
    {
      key: 'phone',
      title: t('opsConsole.content.fields.phone'),
      width: 140,
      responsive: ['md'],
      render: (_, item) => localizeDigits(formatPhoneLocal(item.phone), language),
    },
    {
      key: 'active',
      title: t('opsConsole.content.status'),
      width: 100,
      responsive: ['sm'],
      render: (_, item) =>
        item.active ? (
          <Tag color="green">{t('opsConsole.content.booths.open')}</Tag>
        ) : (
          <Tag>{t('opsConsole.content.booths.hidden')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('opsConsole.content.actions'),
      width: 100,
      render: (_, item) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('opsConsole.content.editNamed', { name: item.nameEn })}
            onClick={() => setEditing(item)}
          />
          <RemoveButton label={item.nameEn} onRemove={() => remove.mutateAsync(item.id)} />
        </Space>
      ),
    },
  ];

  if (list.isError) return <OpsLoadError error={list.error} onRetry={() => void list.refetch()} />;
  const current = editing && editing !== 'new' ? editing : null;
  return (
    <>
      <div className="content-toolbar">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {t('opsConsole.content.booths.add')}
        </Button>
      </div>
      <Table<OpsBooth>
        className="ops-table"
        rowKey="id"
        tableLayout="fixed"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isPending}
        pagination={false}
      />
      <ContentDialog<Values, ReturnType<typeof boothInputSchema.parse>>
        open={editing !== null}
        name="booth"
        title={current ? t('opsConsole.content.booths.edit') : t('opsConsole.content.booths.add')}
        onClose={() => setEditing(null)}
        initialValues={current ? { ...current, phone: formatPhoneLocal(current.phone) } : blank}
        schema={boothInputSchema}
        prepare={(v) => ({ ...v, districtId: v.districtId ?? '', areaId: v.areaId ?? null })}
        save={(input) => save.mutateAsync({ id: current?.id ?? null, input })}
        saving={save.isPending}
        wide
      >
        {(form) => (
          <div className="ops-grid ops-grid--two">
            <Form.Item name="nameEn" label={t('opsConsole.content.fields.nameEn')}>
              <Input lang="en" />
            </Form.Item>
            <Form.Item name="nameBn" label={t('opsConsole.content.fields.nameBn')}>
              <Input lang="bn" />
            </Form.Item>
            <Form.Item name="addressEn" label={t('opsConsole.content.fields.addressEn')}>
              <Input.TextArea rows={2} lang="en" />
            </Form.Item>
            <Form.Item name="addressBn" label={t('opsConsole.content.fields.addressBn')}>
              <Input.TextArea rows={2} lang="bn" />
            </Form.Item>
            <Form.Item name="districtId" label={t('opsConsole.content.fields.districtId')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={districts.isPending}
                onChange={() => form.setFieldValue('areaId', null)}
                options={(districts.data?.items ?? []).map((d) => ({
                  value: d.id,
                  label: language === 'bn' ? d.nameBn : d.nameEn,
                }))}
              />
            </Form.Item>
            <Form.Item name="areaId" label={t('opsConsole.content.fields.areaId')}>
              <AreaField />
            </Form.Item>
            <Form.Item name="phone" label={t('opsConsole.content.fields.phone')}>
              <Input inputMode="tel" autoComplete="off" />
            </Form.Item>
            <Form.Item name="active" label={t('opsConsole.content.booths.shown')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="hoursEn" label={t('opsConsole.content.fields.hoursEn')}>
              <Input lang="en" />
            </Form.Item>
            <Form.Item name="hoursBn" label={t('opsConsole.content.fields.hoursBn')}>
              <Input lang="bn" />
            </Form.Item>
            <Form.Item name="services" label={t('opsConsole.content.booths.services')}>
              <Checkbox.Group
                className="content-services"
                options={boothServices.map((s) => ({
                  value: s,
                  label: t(`opsConsole.content.services.${s}`),
                }))}
              />
            </Form.Item>
          </div>
        )}
      </ContentDialog>
    </>
  );
}
