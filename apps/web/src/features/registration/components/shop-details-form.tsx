import { registrationStartSchema } from '@dak/domain/auth';
import { Button, type FormInstance } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { parseForm } from '../../../lib/form-validation';
import { countText, phoneText, ShopForm } from '../../shops/components/shop-form';
import { TermsModal } from './terms-modal';

export type ShopDetailsValues = {
  merchantName?: string;
  shopName?: string;
  dailyParcelCount?: string;
  phone?: string;
  termsAccepted?: boolean;
};

export type ShopDetails = ReturnType<typeof registrationStartSchema.parse>;

export const shopDetailsFields = [
  'merchantName',
  'shopName',
  'dailyParcelCount',
  'phone',
  'termsAccepted',
] as const;

export function prepareShopDetails(values: ShopDetailsValues) {
  return {
    merchantName: values.merchantName ?? '',
    shopName: values.shopName ?? '',
    dailyParcelCount: countText(values.dailyParcelCount),
    phone: phoneText(values.phone),
    termsAccepted: values.termsAccepted === true,
  };
}

type ShopDetailsFormProps = {
  initialValues: ShopDetailsValues;
  submitting: boolean;
  error: string | null;
  errorAction?: ReactNode;
  onSubmit: (details: ShopDetails, values: ShopDetailsValues) => void;
  onChange: () => void;
  /** The wizard's form instance, so it can put the server's field errors under the inputs. */
  form: FormInstance<ShopDetailsValues>;
};

/** Registration step one: who, which shop, how many parcels, which phone, and the terms. */
export function ShopDetailsForm({
  initialValues,
  submitting,
  error,
  errorAction,
  onSubmit,
  onChange,
  form,
}: ShopDetailsFormProps) {
  const { t } = useTranslation();
  const { translateMessage } = useErrorText();
  const [termsOpen, setTermsOpen] = useState(false);

  const finish = (values: ShopDetailsValues) => {
    const details = parseForm(form, registrationStartSchema, prepareShopDetails(values), translateMessage);
    if (details) onSubmit(details, values);
  };

  return (
    <ShopForm<ShopDetailsValues>
      form={form}
      name="registration"
      fields={shopDetailsFields}
      shape={registrationStartSchema.shape}
      large
      phoneHint={t('hints.phone')}
      onOpenTerms={() => setTermsOpen(true)}
      requiredMark={false}
      initialValues={initialValues}
      onFinish={finish}
      onValuesChange={onChange}
      error={error}
      errorAction={errorAction}
      footer={
        <>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
            {t('actions.continue')}
          </Button>
          <TermsModal open={termsOpen} onClose={() => setTermsOpen(false)} />
        </>
      }
    />
  );
}
