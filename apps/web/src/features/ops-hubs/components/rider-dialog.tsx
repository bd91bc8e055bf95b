import { normalizePhone } from '@dak/domain/phone';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import { toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { HubItem } from '../api/hubs';
import { type RiderItem, useCreateRider, useUpdateRider } from '../api/riders';

type RiderDialogProps = {
  open: boolean;
  /** Null: a new rider. */
  rider: RiderItem | null;
  hubs: HubItem[];
  onClose: () => void;
};

type Values = { name: string; phone: string; hubId: string };

/** Add a rider (name, phone, hub) or change a rider's name and hub. */
export function RiderDialog({ open, rider, hubs, onClose }: RiderDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const create = useCreateRider();
  const update = useUpdateRider();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (rider) form.setFieldsValue({ name: rider.name, hubId: rider.hub.id });
    else if (hubs.length === 1 && hubs[0]) form.setFieldsValue({ hubId: hubs[0].id });
  }, [open, rider, hubs, form]);

  const submit = async (values: Values) => {
    try {
      if (rider) {
        await update.mutateAsync({ id: rider.id, name: values.name.trim(), hubId: values.hubId });
        toast.success(t('opsConsole.riders.updated', { name: values.name.trim() }));
      } else {
        await create.mutateAsync({
          name: values.name.trim(),
          phone: toLatinDigits(values.phone.trim()),
          hubId: values.hubId,
        });
        toast.success(t('opsConsole.riders.created', { name: values.name.trim() }));
      }
      onClose();
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={rider ? t('opsConsole.riders.editTitle') : t('opsConsole.riders.addTitle')}
      okText={t('opsConsole.riders.save')}
      cancelText={t('opsConsole.riders.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item
          name="name"
          label={t('opsConsole.riders.columns.name')}
          rules={[{ required: true, min: 2, message: t('opsConsole.riders.nameRequired') }]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        {rider ? null : (
          <Form.Item
            name="phone"
            label={t('opsConsole.riders.columns.phone')}
            extra={t('opsConsole.riders.phoneHint')}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  value && normalizePhone(toLatinDigits(value))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.invalidPhone'))),
              },
            ]}
          >
            <Input type="tel" inputMode="tel" maxLength={20} placeholder={t('placeholders.phone')} />
          </Form.Item>
        )}
        <Form.Item
          name="hubId"
          label={t('opsConsole.riders.columns.hub')}
          rules={[{ required: true, message: t('opsConsole.riders.hubRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('opsConsole.riders.hubPlaceholder')}
            options={hubs.map((h) => ({ value: h.id, label: language === 'bn' ? h.name.bn : h.name.en }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
