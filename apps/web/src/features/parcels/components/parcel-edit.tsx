import { EditOutlined } from '@ant-design/icons';
import type { ParcelDetail } from '@dak/domain/parcel';
import { type EditableField, editabilityInForm, parcelEditSchema } from '@dak/domain/parcel-edits';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Alert, Button, Drawer, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { AddressField } from '../../../components/ui/address-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
import { useCanEdit, useEditParcel } from '../api/edit-parcel';
import { useParcelListPreferences } from '../api/parcel-list-preferences';
import './parcels.css';

type EditValues = { customerPhone?: string; cashCollectionAmount?: string; customerAddress?: string };

const fields = ['customerPhone', 'cashCollectionAmount', 'customerAddress'] as const;
const shape = parcelEditSchema.shape;
const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const digits = (value: unknown) => toLatinDigits(asText(value)).trim();

/**
 * Edit a booked parcel: customer phone, cash and address, each once until delivered (what
 * `can-edit` allows). A parcel held for prepayment keeps its cash: with the user's
 * "prepayment-block-in-edit" preference on, the form says so up front; off, the server's refusal says it.
 */
export function ParcelEdit({ shopId, parcel }: { shopId: string; parcel: ParcelDetail }) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<EditValues>();
  const [error, setError] = useState<string | null>(null);
  const canEdit = useCanEdit(shopId, parcel.id, true);
  const preferences = useParcelListPreferences(shopId);
  const edit = useEditParcel();
  if (!canEdit.data || !preferences.data) return null;
  const state = editabilityInForm(canEdit.data, preferences.data);
  if (!fields.some((field) => canEdit.data[field].editable || state[field].editable)) return null;

  const start = () => {
    setError(null);
    form.resetFields();
    form.setFieldsValue({
      customerPhone: formatPhoneLocal(parcel.customerPhone).replace('-', ''),
      cashCollectionAmount: String(parcel.cashCollectionAmount),
      customerAddress: parcel.customerAddress,
    });
    setOpen(true);
  };

  const finish = async (values: EditValues) => {
    setError(null);
    // Only what may change and did change is sent.
    const raw: Record<string, string> = {};
    const typed: Record<EditableField, string> = {
      customerPhone: digits(values.customerPhone),
      cashCollectionAmount: digits(values.cashCollectionAmount),
      customerAddress: asText(values.customerAddress),
    };
    const current: Record<EditableField, string> = {
      customerPhone: formatPhoneLocal(parcel.customerPhone).replace('-', ''),
      cashCollectionAmount: String(parcel.cashCollectionAmount),
      customerAddress: parcel.customerAddress,
    };
    for (const field of fields) {
      if (state[field].editable && typed[field] !== current[field]) raw[field] = typed[field];
    }
    const changes = parseForm(form, parcelEditSchema, raw, translateMessage);
    if (!changes) return;
    try {
      await edit.mutateAsync({ shopId, parcelId: parcel.id, changes });
      toast.success(t('parcels.edit.saved'));
      setOpen(false);
    } catch (cause) {
      if (!showFieldErrors(form, fields, fieldErrors(cause), translateMessage)) setError(errorText(cause));
    }
  };

  const blocked = (field: EditableField) => {
    const message = state[field].message;
    return message ? <span data-testid={`edit-blocked-${field}`}>{translateMessage(message)}</span> : null;
  };

  return (
    <>
      <Button icon={<EditOutlined aria-hidden />} onClick={start} data-testid="parcel-edit-open">
        {t('parcels.edit.button')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('parcels.edit.title', { trackingId: parcel.trackingId })}
        placement="right"
        size={440}
        destroyOnHidden
        className="form-drawer"
        footer={
          <div className="form-actions">
            <Button type="primary" onClick={() => form.submit()} loading={edit.isPending}>
              {t('actions.save')}
            </Button>
            <Button onClick={() => setOpen(false)}>{t('actions.cancel')}</Button>
          </div>
        }
      >
        <Alert type="info" showIcon title={t('parcels.edit.once')} className="parcel-edit__note" />
        <Form
          form={form}
          name="parcel-edit"
          layout="vertical"
          requiredMark={false}
          validateTrigger="onBlur"
          onFinish={finish}
          onValuesChange={() => setError(null)}
        >
          <Form.Item
            name="customerPhone"
            label={t('parcels.fields.customerPhone')}
            rules={[schemaRule(shape.customerPhone, translateMessage, digits)]}
            extra={blocked('customerPhone')}
          >
            <Input type="tel" inputMode="tel" maxLength={20} disabled={!state.customerPhone.editable} />
          </Form.Item>
          <Form.Item
            name="cashCollectionAmount"
            label={t('parcels.fields.cashCollection')}
            rules={[schemaRule(shape.cashCollectionAmount, translateMessage, digits)]}
            extra={blocked('cashCollectionAmount')}
          >
            <Input inputMode="numeric" maxLength={7} disabled={!state.cashCollectionAmount.editable} />
          </Form.Item>
          <AddressField
            name="customerAddress"
            label={t('parcels.fields.customerAddress')}
            schema={shape.customerAddress}
            translate={translateMessage}
            hint={blocked('customerAddress')}
            disabled={!state.customerAddress.editable}
          />
          <FormAlert message={error} />
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Drawer>
    </>
  );
}
