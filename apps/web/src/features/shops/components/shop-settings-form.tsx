import { type ShopDetail, type ShopSettings, shopMessages, shopSettingsSchema } from '@dak/domain/shop';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, showFieldErrors } from '../../../lib/form-validation';
import { useUpdateShop } from '../api/update-shop';
import { asText, blankToUndefined, ShopForm } from './shop-form';

type SettingsValues = {
  name?: string;
  email?: string;
  address?: string;
  areaId?: string;
  reason?: string;
  productType?: string;
  productSubType?: string;
};

/** The fields in their order on the form (the product type field brings its subtype). */
const fields = ['name', 'email', 'address', 'areaId', 'reason', 'productType'] as const;

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
      if (!showFieldErrors(form, [...fields, 'productSubType'], fieldErrors(cause), translateMessage))
        setError(errorText(cause));
    }
  };

  return (
    <ShopForm<SettingsValues>
      form={form}
      name="shop-settings"
      fields={fields}
      shape={shopSettingsSchema.shape}
      shop={shop}
      initialValues={before}
      disabled={!canEdit}
      onFinish={finish}
      onValuesChange={() => setError(null)}
      error={error}
      footer={
        canEdit ? (
          <Button type="primary" htmlType="submit" loading={update.isPending} className="form-submit">
            {t('actions.save')}
          </Button>
        ) : null
      }
    />
  );
}
