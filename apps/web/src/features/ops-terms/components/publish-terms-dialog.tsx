import { messageOf } from '@dak/domain/messages';
import { termsPublishSchema } from '@dak/domain/terms';
import { App, Button, Form, Grid, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import { FormAlert } from '../../../components/ui/form-alert';
import { parseForm, schemaRule } from '../../../lib/form-validation';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { usePublishTerms } from '../api/publish-terms';

type Values = { bodyEn?: string; bodyBn?: string };

type PublishTermsDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The version in force: its text is the starting point, and the new one is numbered after it. */
  current: { version: number; bodyEn: string; bodyBn: string } | null;
};

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** The two texts of a version, side by side: English, then Bengali. */
const termsFields = [
  { name: 'bodyEn', lang: 'en', label: 'opsConsole.terms.english' },
  { name: 'bodyBn', lang: 'bn', label: 'opsConsole.terms.bengali' },
] as const;

/**
 * Writes the next version in both languages. Publishing asks once more: it is in force at once
 * and every shop must accept it again.
 */
export function PublishTermsDialog({ open, onClose, current }: PublishTermsDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const errorText = useOpsErrorText();
  const publish = usePublishTerms();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const next = (current?.version ?? 0) + 1;
  const nextLabel = formatNumber(next, language);

  // The schema's field rules by their message key (`@dak/domain/messages`), with the text's label.
  const translate = (message: string) => {
    const said = messageOf(message);
    const label = said?.params?.field;
    if (!said || (label !== 'English text' && label !== 'Bengali text')) return message;
    const field = t(label === 'English text' ? 'opsConsole.terms.english' : 'opsConsole.terms.bengali');
    const n = formatNumber(Number(said.params?.n ?? 0), language);
    if (said.key === 'field.required') return t('opsConsole.terms.textRequired', { field });
    if (said.key === 'field.minLength') return t('opsConsole.terms.textTooShort', { field, n });
    if (said.key === 'field.maxLength') return t('opsConsole.terms.textTooLong', { field, n });
    return message;
  };

  const submit = (values: Values) => {
    setError(null);
    const input = parseForm(
      form,
      termsPublishSchema,
      { bodyEn: asText(values.bodyEn), bodyBn: asText(values.bodyBn) },
      translate,
    );
    if (!input) return;
    if (current && input.bodyEn === current.bodyEn.trim() && input.bodyBn === current.bodyBn.trim()) {
      setError(t('opsConsole.terms.unchanged'));
      return;
    }
    modal.confirm({
      title: t('opsConsole.terms.confirmTitle', { n: nextLabel }),
      content: t('opsConsole.terms.confirmBody'),
      okText: t('opsConsole.terms.publish'),
      cancelText: t('opsConsole.common.cancel'),
      onOk: async () => {
        try {
          await publish.mutateAsync(input);
          toast.success(t('opsConsole.terms.published', { n: nextLabel }));
          form.resetFields();
          onClose();
        } catch (failure) {
          setError(errorText(failure));
        }
      },
    });
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('opsConsole.terms.dialogTitle', { n: nextLabel })}
      width={screens.md ? 960 : '100%'}
      footer={null}
      destroyOnHidden
      maskClosable={false}
    >
      <Form
        form={form}
        name="publish-terms"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setError(null)}
        initialValues={{ bodyEn: current?.bodyEn ?? '', bodyBn: current?.bodyBn ?? '' }}
      >
        <div className="ops-grid ops-grid--two">
          {termsFields.map(({ name, lang, label }) => (
            <Form.Item
              key={name}
              name={name}
              label={t(label)}
              rules={[schemaRule(termsPublishSchema.shape[name], translate, asText)]}
            >
              <Input.TextArea rows={14} lang={lang} />
            </Form.Item>
          ))}
        </div>
        <FormAlert message={error} />
        <div className="ops-actions">
          <Button type="primary" htmlType="submit" loading={publish.isPending}>
            {t('opsConsole.terms.publishN', { n: nextLabel })}
          </Button>
          <Button onClick={onClose}>{t('opsConsole.common.cancel')}</Button>
        </div>
      </Form>
    </Modal>
  );
}
