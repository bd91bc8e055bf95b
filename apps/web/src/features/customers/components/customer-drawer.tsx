import { type Customer, customerUpdateSchema } from '@dak/domain/customers';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { AddressAreaFields } from '../../../components/ui/address-area-fields';
import { AppForm } from '../../../components/ui/app-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormDrawer } from '../../../components/ui/form-drawer';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
import { useUpdateCustomer } from '../api/update-customer';

type CustomerValues = {
  name?: string;
  address?: string;
  deliveryAreaId?: string;
  alternatePhone?: string;
};

const fields = ['name', 'address', 'deliveryAreaId', 'alternatePhone'] as const;
const shape = customerUpdateSchema.shape;
const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const phoneText = (value: unknown) => toLatinDigits(asText(value)).trim();
const localPhone = (stored: string | null) => (stored ? formatPhoneLocal(stored).replace('-', '') : '');

type CustomerDrawerProps = {
  shopId: string;
  customer: Customer | null;
  onClose: () => void;
};

/**
 * Correct a saved customer: name, address, area, alternate phone. The phone is the entry's key
 * (a new phone is a new customer, saved by booking for it), so it is shown, not edited.
 */
export function CustomerDrawer({ shopId, customer, onClose }: CustomerDrawerProps) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<CustomerValues>();
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCustomer();

  useEffect(() => {
    if (!customer) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue({
      name: customer.name,
      address: customer.address,
      deliveryAreaId: customer.deliveryArea.id,
      alternatePhone: localPhone(customer.alternatePhone),
    });
  }, [customer, form]);

  const finish = async (values: CustomerValues) => {
    if (!customer) return;
    setError(null);
    const alternate = phoneText(values.alternatePhone);
    const input = parseForm(
      form,
      customerUpdateSchema,
      {
        name: asText(values.name),
        address: asText(values.address),
        deliveryAreaId: asText(values.deliveryAreaId),
        alternatePhone: alternate === '' ? null : alternate,
      },
      translateMessage,
    );
    if (!input) return;
    try {
      await update.mutateAsync({ shopId, id: customer.id, changes: input });
      toast.success(t('customers.saved'));
      onClose();
    } catch (cause) {
      if (!showFieldErrors(form, fields, fieldErrors(cause), translateMessage)) setError(errorText(cause));
    }
  };

  return (
    <FormDrawer
      open={customer !== null}
      onClose={onClose}
      title={t('customers.editTitle')}
      onSave={() => form.submit()}
      saving={update.isPending}
    >
      {customer ? (
        <AppForm form={form} name="customer" onFinish={finish} onValuesChange={() => setError(null)}>
          <Form.Item label={t('parcels.fields.customerPhone')}>
            <Input value={formatPhoneLocal(customer.phone)} disabled dir="ltr" />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('parcels.fields.customerName')}
            rules={[schemaRule(shape.name, translateMessage, asText)]}
          >
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
          <AddressAreaFields
            address={{
              name: 'address',
              label: t('parcels.fields.customerAddress'),
              schema: shape.address,
              placeholder: t('parcels.form.addressPlaceholder'),
            }}
            area={{
              name: 'deliveryAreaId',
              label: t('parcels.fields.deliveryArea'),
              schema: shape.deliveryAreaId,
              initial: { ...customer.deliveryArea, districtNameEn: '', districtNameBn: '' },
            }}
            translate={translateMessage}
          />
          <Form.Item
            name="alternatePhone"
            label={t('parcels.form.optional', { label: t('parcels.fields.alternatePhone') })}
            rules={[schemaRule(shape.alternatePhone, translateMessage, (v) => phoneText(v) || undefined)]}
          >
            <Input type="tel" inputMode="tel" placeholder={t('placeholders.phone')} maxLength={20} />
          </Form.Item>
          <FormAlert message={error} />
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </AppForm>
      ) : null}
    </FormDrawer>
  );
}
