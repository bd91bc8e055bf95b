import { shopCreateSchema } from '@dak/domain/shop';
import { Button, Checkbox, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AddressField, optionalText } from '../../../components/ui/address-field';
import { AreaSelect } from '../../../components/ui/area-select';
import { FormAlert } from '../../../components/ui/form-alert';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useCreateShop } from '../api/create-shop';
import { useZones } from '../api/list-zones';
import { ProductTypeFields, ReasonField } from './product-type-fields';

type CreateShopValues = {
  name?: string;
  email?: string;
  productType?: string;
  productSubType?: string;
  reason?: string;
  address?: string;
  areaId?: string;
  pickupAddress?: string;
  phone?: string;
  returnPhone?: string;
  preferredDeliveryZone?: string;
  referrerCode?: string;
  isCurrentTncAccepted?: boolean;
};

const fields = [
  'name',
  'email',
  'productType',
  'productSubType',
  'reason',
  'address',
  'areaId',
  'pickupAddress',
  'phone',
  'returnPhone',
  'preferredDeliveryZone',
  'referrerCode',
  'isCurrentTncAccepted',
] as const;

const shape = shopCreateSchema.shape;
const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const phoneText = (value: unknown) => toLatinDigits(asText(value));
const optionalPhone = (value: unknown) => toLatinDigits(asText(value)).trim();

function prepare(values: CreateShopValues) {
  return {
    name: asText(values.name),
    email: asText(values.email),
    productType: values.productType,
    productSubType: values.productSubType,
    reason: values.reason,
    address: asText(values.address),
    areaId: asText(values.areaId),
    pickupAddress: optionalText(values.pickupAddress),
    phone: phoneText(values.phone),
    returnPhone: optionalPhone(values.returnPhone),
    preferredDeliveryZone: values.preferredDeliveryZone || undefined,
    referrerCode: optionalText(values.referrerCode)?.trim(),
    isCurrentTncAccepted: values.isCurrentTncAccepted === true,
  };
}

/** My shops → Create shop: the spec's shop form; the caller becomes the owner. */
export function CreateShopForm({
  onCreated,
  onOpenTerms,
}: {
  onCreated: (shop: { id: string; name: string }) => void;
  onOpenTerms: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<CreateShopValues>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateShop();
  const zones = useZones();

  const finish = async (values: CreateShopValues) => {
    setError(null);
    const input = parseForm(form, shopCreateSchema, prepare(values), translateMessage);
    if (!input) return;
    try {
      const shop = await create.mutateAsync(input);
      onCreated({ id: shop.id, name: shop.name });
    } catch (cause) {
      if (!showFieldErrors(form, fields, fieldErrors(cause), translateMessage)) setError(errorText(cause));
    }
  };

  return (
    <Form
      form={form}
      name="create-shop"
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      onFinish={finish}
      onValuesChange={() => setError(null)}
      className="form-narrow"
    >
      <Form.Item
        name="name"
        label={t('fields.shopName')}
        rules={[schemaRule(shape.name, translateMessage, asText)]}
      >
        <Input autoComplete="organization" placeholder={t('placeholders.shopName')} maxLength={100} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('shopForm.email')}
        rules={[schemaRule(shape.email, translateMessage, asText)]}
      >
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          placeholder="shop@example.com"
        />
      </Form.Item>
      <ProductTypeFields />
      <ReasonField />
      <AddressField
        name="address"
        label={t('shopForm.shopAddress')}
        schema={shape.address}
        translate={translateMessage}
        placeholder={t('shopForm.addressPlaceholder')}
        hint={t('shopForm.addressHint')}
      />
      <Form.Item
        name="areaId"
        label={t('shopForm.area')}
        rules={[schemaRule(shape.areaId, translateMessage, asText)]}
        validateTrigger={['onChange', 'onBlur']}
      >
        <AreaSelect
          onPick={(area) => {
            if (area.zoneId && !form.getFieldValue('preferredDeliveryZone')) {
              form.setFieldValue('preferredDeliveryZone', area.zoneId);
            }
          }}
        />
      </Form.Item>
      <AddressField
        name="pickupAddress"
        label={t('shopForm.pickupAddress')}
        schema={shape.pickupAddress}
        translate={translateMessage}
        optional
        placeholder={t('shopForm.addressPlaceholder')}
        hint={t('shopForm.pickupAddressHint')}
      />
      <Form.Item
        name="phone"
        label={t('fields.phone')}
        rules={[schemaRule(shape.phone, translateMessage, phoneText)]}
      >
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('placeholders.phone')}
          maxLength={20}
        />
      </Form.Item>
      <Form.Item
        name="returnPhone"
        label={t('shopForm.returnPhone')}
        extra={t('shopForm.returnPhoneHint')}
        rules={[schemaRule(shape.returnPhone, translateMessage, optionalPhone)]}
      >
        <Input type="tel" inputMode="tel" placeholder={t('placeholders.phone')} maxLength={20} />
      </Form.Item>
      <Form.Item name="preferredDeliveryZone" label={t('shopForm.deliveryZone')}>
        <Select
          allowClear
          placeholder={t('shopForm.choose')}
          loading={zones.isPending}
          options={(zones.data?.items ?? []).map((zone) => ({
            value: zone.id,
            label: language === 'bn' ? zone.nameBn : zone.nameEn,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="referrerCode"
        label={t('fields.referralCode')}
        rules={[schemaRule(shape.referrerCode, translateMessage, (v) => optionalText(v)?.trim())]}
      >
        <Input maxLength={32} autoCapitalize="characters" placeholder={t('placeholders.referralCode')} />
      </Form.Item>
      <Form.Item
        name="isCurrentTncAccepted"
        valuePropName="checked"
        validateTrigger="onChange"
        rules={[schemaRule(shape.isCurrentTncAccepted, translateMessage, (v) => v === true)]}
      >
        <Checkbox>
          <Trans
            i18nKey="register.terms"
            components={{ terms: <button type="button" className="inline-link" onClick={onOpenTerms} /> }}
          />
        </Checkbox>
      </Form.Item>
      <FormAlert message={error} />
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        loading={create.isPending}
        className="form-submit"
      >
        {t('shops.createShop')}
      </Button>
    </Form>
  );
}
