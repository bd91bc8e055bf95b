import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { truckPriceUnits, truckTypeInputSchema } from '@dak/domain/site-content';
import {
  Alert,
  Button,
  Form,
  Input,
  InputNumber,
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
import { formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useContentList, useRemoveContent, useSaveContent } from '../api/resource';
import { type OpsTruckType, truckTypes } from '../api/truck-types';
import { ContentDialog } from './content-dialog';
import { RemoveButton } from './remove-button';

type Values = {
  nameEn: string;
  nameBn: string;
  capacityKg: number | null;
  lengthFeet: number | null;
  descriptionEn: string;
  descriptionBn: string;
  indicativePriceTaka: number | null;
  priceUnit: 'trip' | 'day';
  position: number | null;
  active: boolean;
};

const blank: Values = {
  nameEn: '',
  nameBn: '',
  capacityKg: null,
  lengthFeet: null,
  descriptionEn: '',
  descriptionBn: '',
  indicativePriceTaka: null,
  priceUnit: 'trip',
  position: 0,
  active: true,
};

/** Truck types of the enterprise page, with capacity and an indicative price per trip or day. */
export function TruckTypesTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useContentList(truckTypes);
  const save = useSaveContent(truckTypes);
  const remove = useRemoveContent(truckTypes);
  const [editing, setEditing] = useState<OpsTruckType | 'new' | null>(null);

  const columns: TableColumnsType<OpsTruckType> = [
    {
      key: 'name',
      title: t('opsConsole.content.trucks.truck'),
      render: (_, item) => (
        <>
          <strong>{language === 'bn' ? item.nameBn : item.nameEn}</strong>
          <span className="ops-secondary">
            {t('opsConsole.content.trucks.capacity', { n: formatNumber(item.capacityKg, language) })}
          </span>
          <span className="ops-secondary content-xs">
            {t(`opsConsole.content.trucks.per.${item.priceUnit}`, {
              price: formatTaka(item.indicativePriceTaka, language),
            })}
          </span>
        </>
      ),
    },
    {
      key: 'price',
      title: t('opsConsole.content.trucks.price'),
      width: 150,
      responsive: ['sm'],
      render: (_, item) =>
        t(`opsConsole.content.trucks.per.${item.priceUnit}`, {
          price: formatTaka(item.indicativePriceTaka, language),
        }),
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
      <Alert
        type="info"
        showIcon
        className="content-note"
        message={t('opsConsole.content.trucks.indicative')}
      />
      <div className="content-toolbar">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {t('opsConsole.content.trucks.add')}
        </Button>
      </div>
      <Table<OpsTruckType>
        className="ops-table"
        rowKey="id"
        tableLayout="fixed"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isPending}
        pagination={false}
      />
      <ContentDialog<Values, ReturnType<typeof truckTypeInputSchema.parse>>
        open={editing !== null}
        name="truck-type"
        title={current ? t('opsConsole.content.trucks.edit') : t('opsConsole.content.trucks.add')}
        onClose={() => setEditing(null)}
        initialValues={current ? { ...current } : blank}
        schema={truckTypeInputSchema}
        prepare={(v) => ({
          ...v,
          capacityKg: v.capacityKg ?? undefined,
          lengthFeet: v.lengthFeet ?? undefined,
          indicativePriceTaka: v.indicativePriceTaka ?? undefined,
          position: v.position ?? 0,
        })}
        save={(input) => save.mutateAsync({ id: current?.id ?? null, input })}
        saving={save.isPending}
        wide
      >
        {() => (
          <div className="ops-grid ops-grid--two">
            <Form.Item name="nameEn" label={t('opsConsole.content.fields.nameEn')}>
              <Input lang="en" />
            </Form.Item>
            <Form.Item name="nameBn" label={t('opsConsole.content.fields.nameBn')}>
              <Input lang="bn" />
            </Form.Item>
            <Form.Item name="capacityKg" label={t('opsConsole.content.fields.capacityKg')}>
              <InputNumber min={1} precision={0} className="content-number" />
            </Form.Item>
            <Form.Item name="lengthFeet" label={t('opsConsole.content.fields.lengthFeet')}>
              <InputNumber min={1} precision={0} className="content-number" />
            </Form.Item>
            <Form.Item name="indicativePriceTaka" label={t('opsConsole.content.fields.indicativePriceTaka')}>
              <InputNumber min={1} precision={0} className="content-number" />
            </Form.Item>
            <Form.Item name="priceUnit" label={t('opsConsole.content.trucks.unit')}>
              <Select
                options={truckPriceUnits.map((u) => ({
                  value: u,
                  label: t(`opsConsole.content.trucks.units.${u}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="descriptionEn" label={t('opsConsole.content.fields.descriptionEn')}>
              <Input.TextArea rows={3} lang="en" />
            </Form.Item>
            <Form.Item name="descriptionBn" label={t('opsConsole.content.fields.descriptionBn')}>
              <Input.TextArea rows={3} lang="bn" />
            </Form.Item>
            <Form.Item
              name="position"
              label={t('opsConsole.content.fields.position')}
              extra={t('opsConsole.content.positionHint')}
            >
              <InputNumber min={0} max={10000} precision={0} className="content-number" />
            </Form.Item>
            <Form.Item name="active" label={t('opsConsole.content.booths.shown')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </div>
        )}
      </ContentDialog>
    </>
  );
}
