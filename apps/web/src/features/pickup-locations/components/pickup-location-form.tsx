import { formatPhoneLocal } from '@dak/domain/phone';
import {
  type PickupLocation,
  type PickupStatus,
  pickupLocationCreateSchema,
  pickupLocationUpdateSchema,
} from '@dak/domain/shop';
import { Form, Input, Switch } from 'antd';
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
import { useCreatePickupLocation } from '../api/create-pickup-location';
import { useUpdatePickupLocation } from '../api/update-pickup-location';

type PickupValues = {
  name?: string;
  address?: string;
  areaId?: string;
  phone?: string;
  alternatePhone?: string;
  active?: boolean;
};

const fields = ['name', 'address', 'areaId', 'phone', 'alternatePhone', 'status'] as const;
const shape = pickupLocationCreateSchema.shape;
const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const phoneText = (value: unknown) => toLatinDigits(asText(value)).trim();
const localPhone = (stored: string | null) =>
  stored ? formatPhoneLocal(stored).replace('-', '') : undefined;

function prepare(values: PickupValues) {
  return {
    name: asText(values.name),
    address: asText(values.address),
    areaId: asText(values.areaId),
    phone: phoneText(values.phone),
    alternatePhone: phoneText(values.alternatePhone),
  };
}

function initialValues(pickup: PickupLocation | null): PickupValues {
  if (!pickup) return { active: true };
  return {
    name: pickup.name,
    address: pickup.address,
    areaId: pickup.area.id,
    phone: localPhone(pickup.phone),
    alternatePhone: localPhone(pickup.alternatePhone),
    active: pickup.status === 'active',
  };
}

type PickupLocationDrawerProps = {
  shopId: string;
  /** The pickup location to edit; null to add a new one. */
  pickup: PickupLocation | null;
  open: boolean;
  onClose: () => void;
};

/** Add or edit a pickup location in a side panel; the server's message shows when it refuses. */
export function PickupLocationDrawer({ shopId, pickup, open, onClose }: PickupLocationDrawerProps) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<PickupValues>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePickupLocation();
  const update = useUpdatePickupLocation();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(initialValues(pickup));
  }, [open, pickup, form]);

  const finish = async (values: PickupValues) => {
    setError(null);
    const prepared = prepare(values);
    try {
      if (pickup) {
        const status: PickupStatus = values.active === false ? 'inactive' : 'active';
        const input = parseForm(form, pickupLocationUpdateSchema, { ...prepared, status }, translateMessage);
        if (!input) return;
        await update.mutateAsync({ shopId, id: pickup.id, changes: input });
        toast.success(t('pickup.updated'));
      } else {
        const input = parseForm(form, pickupLocationCreateSchema, prepared, translateMessage);
        if (!input) return;
        await create.mutateAsync({ shopId, input });
        toast.success(t('pickup.created'));
      }
      onClose();
    } catch (cause) {
      if (!showFieldErrors(form, fields, fieldErrors(cause), translateMessage)) setError(errorText(cause));
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={pickup ? t('pickup.editTitle') : t('pickup.addTitle')}
      onSave={() => form.submit()}
      saving={saving}
    >
      <AppForm form={form} name="pickup-location" onFinish={finish} onValuesChange={() => setError(null)}>
        <Form.Item
          name="name"
          label={t('pickup.name')}
          rules={[schemaRule(shape.name, translateMessage, asText)]}
        >
          <Input maxLength={100} placeholder={t('pickup.namePlaceholder')} />
        </Form.Item>
        <AddressAreaFields
          address={{
            name: 'address',
            label: t('pickup.address'),
            schema: shape.address,
            placeholder: t('shopForm.addressPlaceholder'),
          }}
          area={{
            name: 'areaId',
            label: t('shopForm.area'),
            schema: shape.areaId,
            initial: pickup?.area ?? null,
          }}
          translate={translateMessage}
        />
        <Form.Item
          name="phone"
          label={t('fields.phone')}
          rules={[schemaRule(shape.phone, translateMessage, phoneText)]}
        >
          <Input type="tel" inputMode="tel" placeholder={t('placeholders.phone')} maxLength={20} />
        </Form.Item>
        <Form.Item
          name="alternatePhone"
          label={t('pickup.alternatePhone')}
          rules={[schemaRule(shape.alternatePhone, translateMessage, phoneText)]}
        >
          <Input type="tel" inputMode="tel" placeholder={t('placeholders.phone')} maxLength={20} />
        </Form.Item>
        {pickup ? (
          <Form.Item name="active" label={t('pickup.status')} valuePropName="checked">
            <Switch
              checkedChildren={t('pickup.statuses.active')}
              unCheckedChildren={t('pickup.statuses.inactive')}
            />
          </Form.Item>
        ) : null}
        <FormAlert message={error} />
        {/* Enter in a field submits; the visible buttons are in the drawer's footer. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </AppForm>
    </FormDrawer>
  );
}
