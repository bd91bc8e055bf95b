import { type ShopDetail, type ShopSettings, shopMessages, shopSettingsSchema } from '@dak/domain/shop';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { AddressField } from '../../../components/ui/address-field';
import { AreaSelect } from '../../../components/ui/area-select';
import { FormAlert } from '../../../components/ui/form-alert';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { useUpdateShop } from '../api/update-shop';
import { ProductTypeFields, ReasonField } from './product-type-fields';

type SettingsValues = {
  name?: string;
  email?: string;
  address?: string;
  areaId?: string;
  reason?: string;
  productType?: string;
  productSubType?: string;
};

const fields = ['name', 'email', 'address', 'areaId', 'reason', 'productType', 'productSubType'] as const;
const shape = shopSettingsSchema.shape;
const asText = (value: unknown) => (typeof value === 'string' ? value : '');
/** A field left empty that was empty before is not a change: the schema never sees it. */
const blankToUndefined = (value: unknown) => (asText(value).trim() === '' ? undefined : asText(value));

function initialValues(shop: ShopDetail): SettingsValues {
  return {
    name: shop.name,
    email: shop.email ?? undefined,
    address: shop.address ?? undefined,
    areaId: shop.area?.id,
    reason: shop.reason ?? undefined,
    productType: shop.productType ?? undefined,
    productSubType: shop.productSubType ?? undefined,
  };
}

/** Only what changed is sent; product type and subtype always travel together. */
function changes(before: SettingsValues, values: SettingsValues) {
  const out: Record<string, unknown> = {};
  for (const field of ['name', 'email', 'address', 'areaId', 'reason'] as const) {
    const value = field === 'name' ? asText(values.name) : blankToUndefined(values[field]);
    const old = before[field];
    if ((value ?? '') !== (old ?? '')) out[field] = field === 'name' ? value : (value ?? '');
  }
  if (values.productType !== before.productType || values.productSubType !== before.productSubType) {
    out.productType = values.productType;
    out.productSubType = values.productSubType;
  }
  return out;
}

/** Shop settings: name, email, address, area, reason, product type and subtype. */
export function ShopSettingsForm({ shop, canEdit }: { shop: ShopDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<SettingsValues>();
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateShop();
  const before = initialValues(shop);

  const finish = async (values: SettingsValues) => {
    setError(null);
    if (values.productType && !values.productSubType) {
      form.setFields([
        { name: 'productSubType', errors: [translateMessage(shopMessages.productSubTypeRequired)] },
      ]);
      return;
    }
    const changed = changes(before, values);
    if (Object.keys(changed).length === 0) {
      toast.info(t('shopSettings.nothingChanged'));
      return;
    }
    const input: ShopSettings | null = parseForm(form, shopSettingsSchema, changed, translateMessage);
    if (!input) return;
    try {
      await update.mutateAsync({ shopId: shop.id, changes: input });
      toast.success(t('shopSettings.saved'));
    } catch (cause) {
      if (!showFieldErrors(form, fields, fieldErrors(cause), translateMessage)) setError(errorText(cause));
    }
  };

  return (
    <Form
      form={form}
      name="shop-settings"
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={before}
      onFinish={finish}
      onValuesChange={() => setError(null)}
      disabled={!canEdit}
    >
      <Form.Item
        name="name"
        label={t('fields.shopName')}
        rules={[schemaRule(shape.name, translateMessage, asText)]}
      >
        <Input autoComplete="organization" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('shopForm.email')}
        rules={[schemaRule(shape.email, translateMessage, blankToUndefined)]}
      >
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          placeholder="shop@example.com"
        />
      </Form.Item>
      <AddressField
        name="address"
        label={t('shopForm.shopAddress')}
        schema={shape.address}
        translate={translateMessage}
        optional
        placeholder={t('shopForm.addressPlaceholder')}
      />
      <Form.Item
        name="areaId"
        label={t('shopForm.area')}
        rules={[schemaRule(shape.areaId, translateMessage, blankToUndefined)]}
        validateTrigger={['onChange', 'onBlur']}
      >
        <AreaSelect initial={shop.area} />
      </Form.Item>
      <ReasonField />
      <ProductTypeFields />
      <FormAlert message={error} />
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={update.isPending} className="form-submit">
          {t('actions.save')}
        </Button>
      ) : null}
    </Form>
  );
}
