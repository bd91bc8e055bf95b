import { shopCreateSchema } from '@dak/domain/shop';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { optionalText } from '../../../components/ui/address-field';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, showFieldErrors } from '../../../lib/form-validation';
import { useCreateShop } from '../api/create-shop';
import { asText, optionalPhone, phoneText, ShopForm } from './shop-form';

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

/** The fields in their order on the form (the product type field brings its subtype). */
const fields = [
  'name',
  'email',
  'productType',
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
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<CreateShopValues>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateShop();

  const finish = async (values: CreateShopValues) => {
    setError(null);
    const input = parseForm(form, shopCreateSchema, prepare(values), translateMessage);
    if (!input) return;
    try {
      const shop = await create.mutateAsync(input);
      onCreated({ id: shop.id, name: shop.name });
    } catch (cause) {
      if (!showFieldErrors(form, [...fields, 'productSubType'], fieldErrors(cause), translateMessage))
        setError(errorText(cause));
    }
  };

  return (
    <ShopForm<CreateShopValues>
      form={form}
      name="create-shop"
      fields={fields}
      shape={shopCreateSchema.shape}
      onOpenTerms={onOpenTerms}
      requiredMark={false}
      className="form-narrow"
      onFinish={finish}
      onValuesChange={() => setError(null)}
      error={error}
      footer={
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          loading={create.isPending}
          className="form-submit"
        >
          {t('shops.createShop')}
        </Button>
      }
    />
  );
}
