import { invoiceBouncedSchema, invoicePaidSchema, type OpsInvoice } from '@dak/domain/money-api';
import { Button, Form, Grid, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useDecideInvoice } from '../api/invoices';
import { usePayoutsErrorText } from '../money-error';

export type Decision = 'paid' | 'bounced';
type Values = { text?: string };

/**
 * Marks an invoice paid (with the bank's or bKash's reference) or bounced (with the reason the
 * bank gave). The lists are asked again when it succeeds; a refusal (already paid, already
 * bounced) stays in the dialog in words.
 */
export function DecideInvoiceDialog({
  target,
  onClose,
}: {
  target: { invoice: OpsInvoice; decision: Decision } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const screens = Grid.useBreakpoint();
  const errorText = usePayoutsErrorText();
  const decide = useDecideInvoice();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const decision = target?.decision ?? 'paid';
  const field = decision === 'paid' ? 'reference' : 'reason';

  const submit = async ({ text }: Values) => {
    if (!target) return;
    setError(null);
    const parsed =
      decision === 'paid'
        ? invoicePaidSchema.safeParse({ reference: text ?? '' })
        : invoiceBouncedSchema.safeParse({ reason: text ?? '' });
    if (!parsed.success) {
      const words = t(`opsConsole.payouts.invoices.${field}Required`);
      form.setFields([{ name: 'text', errors: [words] }]);
      return;
    }
    try {
      const { invoice } = target;
      if (decision === 'paid') {
        await decide.mutateAsync({ invoiceId: invoice.id, decision, reference: (text ?? '').trim() });
      } else {
        await decide.mutateAsync({ invoiceId: invoice.id, decision, reason: (text ?? '').trim() });
      }
      toast.success(t(`opsConsole.payouts.invoices.${decision}`, { number: invoice.number }));
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const invoice = target?.invoice;
  return (
    <Modal
      open={target !== null}
      onCancel={onClose}
      title={invoice ? t(`opsConsole.payouts.invoices.${decision}Title`, { number: invoice.number }) : ''}
      width={screens.md ? 520 : '100%'}
      footer={null}
      destroyOnHidden
    >
      {invoice ? (
        <p className="payouts-dialog-lead">
          {t('opsConsole.payouts.invoices.dialogLead', {
            shop: invoice.shopName,
            amount: formatTaka(invoice.netAmount, language),
            method: t(`opsConsole.payouts.invoices.methods.${invoice.method}`),
          })}
        </p>
      ) : null}
      <Form<Values>
        form={form}
        name={`invoice-${decision}`}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setError(null)}
      >
        <Form.Item name="text" label={t(`opsConsole.payouts.invoices.${field}`)}>
          {decision === 'paid' ? (
            <Input maxLength={200} autoComplete="off" />
          ) : (
            <Input.TextArea rows={3} maxLength={500} />
          )}
        </Form.Item>
        <FormAlert message={error} />
        <div className="ops-actions">
          <Button type="primary" danger={decision === 'bounced'} htmlType="submit" loading={decide.isPending}>
            {t(
              decision === 'paid'
                ? 'opsConsole.payouts.invoices.markPaid'
                : 'opsConsole.payouts.invoices.markBounced',
            )}
          </Button>
          <Button onClick={onClose}>{t('opsConsole.common.cancel')}</Button>
        </div>
      </Form>
    </Modal>
  );
}
