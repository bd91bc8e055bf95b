import { truckPriceUnits, truckTypeInputSchema } from '@dak/domain/site-content';
import { Alert, Form, InputNumber, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { type OpsTruckType, truckTypes } from '../api/truck-types';
import { BilingualFields } from './bilingual-fields';
import { PositionField, ShownField, shownColumn } from './content-status';
import { ContentTab } from './content-tab';

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
    shownColumn(t),
  ];

  return (
    <ContentTab<OpsTruckType, Values, ReturnType<typeof truckTypeInputSchema.parse>>
      type={{
        resource: truckTypes,
        formName: 'truck-type',
        addLabel: t('opsConsole.content.trucks.add'),
        editLabel: t('opsConsole.content.trucks.edit'),
        nameOf: (item) => item.nameEn,
        columns,
        note: (
          <Alert
            type="info"
            showIcon
            className="content-note"
            message={t('opsConsole.content.trucks.indicative')}
          />
        ),
        blank,
        toValues: (item) => ({ ...item }),
        schema: truckTypeInputSchema,
        prepare: (v) => ({
          ...v,
          capacityKg: v.capacityKg ?? undefined,
          lengthFeet: v.lengthFeet ?? undefined,
          indicativePriceTaka: v.indicativePriceTaka ?? undefined,
          position: v.position ?? 0,
        }),
        fields: () => (
          <div className="ops-grid ops-grid--two">
            <BilingualFields name="name" />
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
            <BilingualFields name="description" rows={3} />
            <PositionField />
            <ShownField />
          </div>
        ),
      }}
    />
  );
}
