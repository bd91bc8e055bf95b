import { messageOf } from '@dak/domain/messages';
import { type LeadStatus, leadMoveSchema, leadTransitions } from '@dak/domain/site-content';
import { Button, Form, Grid, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import { FormAlert } from '../../../components/ui/form-alert';
import { parseForm } from '../../../lib/form-validation';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { Lead } from '../api/list-leads';
import { useMoveLead } from '../api/move-lead';

type Values = { status?: LeadStatus; note?: string };

/** Moves a lead to one of the statuses the table allows next, with a note for whoever comes after. */
export function MoveLeadDialog({ lead, onClose }: { lead: Lead | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const screens = Grid.useBreakpoint();
  const errorText = useOpsErrorText();
  const move = useMoveLead();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const next = lead ? leadTransitions[lead.status] : [];

  // The schema's messages by their key (`@dak/domain/messages`).
  const translate = (message: string) => {
    if (language === 'en') return message;
    const said = messageOf(message);
    const n = formatNumber(Number(said?.params?.n ?? 0), language);
    switch (said?.key) {
      case 'field.required':
        return t('opsConsole.leads.noteRequired');
      case 'field.minLength':
        return t('opsConsole.leads.noteShort', { n });
      case 'field.maxLength':
        return t('opsConsole.leads.noteLong', { n });
      case 'siteContent.leadStatus':
        return t('opsConsole.leads.chooseStatus');
      default:
        return message;
    }
  };

  const submit = async (values: Values) => {
    if (!lead) return;
    setError(null);
    const input = parseForm(
      form,
      leadMoveSchema,
      { status: values.status, note: values.note ?? '' },
      translate,
    );
    if (!input) return;
    try {
      await move.mutateAsync({ id: lead.id, ...input });
      toast.success(t('opsConsole.leads.moved', { status: t(`opsConsole.leads.statuses.${input.status}`) }));
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <Modal
      open={lead !== null}
      onCancel={onClose}
      title={lead ? t('opsConsole.leads.dialogTitle', { name: lead.company }) : ''}
      width={screens.md ? 560 : '100%'}
      footer={null}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="move-lead"
        layout="vertical"
        requiredMark={false}
        initialValues={{ status: next[0], note: '' }}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setError(null)}
      >
        <Form.Item name="status" label={t('opsConsole.leads.nextStatus')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={next.map((s) => ({ value: s, label: t(`opsConsole.leads.statuses.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="note" label={t('opsConsole.leads.note')} extra={t('opsConsole.leads.noteHint')}>
          <Input.TextArea rows={4} maxLength={1000} />
        </Form.Item>
        <FormAlert message={error} />
        <div className="ops-actions">
          <Button type="primary" htmlType="submit" loading={move.isPending}>
            {t('opsConsole.leads.save')}
          </Button>
          <Button onClick={onClose}>{t('opsConsole.common.cancel')}</Button>
        </div>
      </Form>
    </Modal>
  );
}
