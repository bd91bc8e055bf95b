import { formatPhoneLocal } from '@dak/domain/phone';
import { boothInputSchema, boothServices } from '@dak/domain/site-content';
import { Checkbox, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { booths, type OpsBooth } from '../api/booths';
import { useDistrictAreas, useDistricts } from '../api/geography';
import { BilingualFields } from './bilingual-fields';
import { ShownField, shownColumn } from './content-status';
import { ContentTab } from './content-tab';

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
  const districts = useDistricts();
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
    shownColumn(t),
  ];

  return (
    <ContentTab<OpsBooth, Values, ReturnType<typeof boothInputSchema.parse>>
      type={{
        resource: booths,
        formName: 'booth',
        addLabel: t('opsConsole.content.booths.add'),
        editLabel: t('opsConsole.content.booths.edit'),
        nameOf: (item) => item.nameEn,
        columns,
        blank,
        toValues: (item) => ({ ...item, phone: formatPhoneLocal(item.phone) }),
        schema: boothInputSchema,
        prepare: (v) => ({ ...v, districtId: v.districtId ?? '', areaId: v.areaId ?? null }),
        fields: (form) => (
          <div className="ops-grid ops-grid--two">
            <BilingualFields name="name" />
            <BilingualFields name="address" rows={2} />
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
            <ShownField />
            <BilingualFields name="hours" />
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
        ),
      }}
    />
  );
}
