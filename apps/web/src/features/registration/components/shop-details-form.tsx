import { registrationStartSchema } from '@dak/domain/auth';
import { Button, Checkbox, Form, type FormInstance, Input } from 'antd';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
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

const shape = registrationStartSchema.shape;
const asText = (value: unknown) => (typeof value === 'string' ? value : '');
/** The count as typed (Bengali digits too); empty means not given, not zero. */
const prepareCount = (value: unknown) => {
  const text = toLatinDigits(asText(value)).trim();
  return text === '' ? undefined : text;
};
const preparePhone = (value: unknown) => toLatinDigits(asText(value));

export function prepareShopDetails(values: ShopDetailsValues) {
  return {
    merchantName: values.merchantName ?? '',
    shopName: values.shopName ?? '',
    dailyParcelCount: prepareCount(values.dailyParcelCount),
    phone: preparePhone(values.phone),
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
    <Form
      form={form}
      name="registration"
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      initialValues={initialValues}
      onFinish={finish}
      onValuesChange={onChange}
    >
      <Form.Item
        name="merchantName"
        label={t('fields.merchantName')}
        rules={[schemaRule(shape.merchantName, translateMessage, asText)]}
      >
        <Input
          autoComplete="name"
          placeholder={t('placeholders.merchantName')}
          size="large"
          maxLength={100}
        />
      </Form.Item>
      <Form.Item
        name="shopName"
        label={t('fields.shopName')}
        rules={[schemaRule(shape.shopName, translateMessage, asText)]}
      >
        <Input
          autoComplete="organization"
          placeholder={t('placeholders.shopName')}
          size="large"
          maxLength={100}
        />
      </Form.Item>
      <Form.Item
        name="dailyParcelCount"
        label={t('fields.dailyParcelVolume')}
        extra={t('hints.dailyParcelVolume')}
        rules={[
          schemaRule(
            shape.dailyParcelCount,
            translateMessage,
            prepareCount,
            t('validation.required', { field: t('fields.dailyParcelVolume') }),
          ),
        ]}
      >
        <Input
          inputMode="numeric"
          placeholder={t('placeholders.dailyParcelVolume')}
          size="large"
          maxLength={9}
        />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('fields.phone')}
        extra={t('hints.phone')}
        rules={[schemaRule(shape.phone, translateMessage, preparePhone)]}
      >
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('placeholders.phone')}
          size="large"
          maxLength={20}
        />
      </Form.Item>
      <Form.Item
        name="termsAccepted"
        valuePropName="checked"
        validateTrigger="onChange"
        rules={[schemaRule(shape.termsAccepted, translateMessage, (v) => v === true)]}
      >
        <Checkbox>
          <Trans
            i18nKey="register.terms"
            components={{
              // A button inside the label opens the summary without ticking the box.
              terms: <button type="button" className="inline-link" onClick={() => setTermsOpen(true)} />,
            }}
          />
        </Checkbox>
      </Form.Item>
      <FormAlert message={error} action={errorAction} />
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {t('actions.continue')}
      </Button>
      <TermsModal open={termsOpen} onClose={() => setTermsOpen(false)} />
    </Form>
  );
}
