import { Button, Form, type FormInstance, Grid, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-error';
import { parseForm, type SafeParser } from '../../../lib/form-validation';
import { useLanguage } from '../../../lib/i18n';
import { contentMessage } from './content-messages';

type ContentDialogProps<Values, Input> = {
  open: boolean;
  title: string;
  name: string;
  onClose: () => void;
  initialValues: Values;
  /** The shared schema of the body: the same rules the server applies. */
  schema: SafeParser<Input>;
  /** The form's values as the API takes them. */
  prepare: (values: Values) => unknown;
  save: (input: Input) => Promise<unknown>;
  saving: boolean;
  wide?: boolean;
  children: (form: FormInstance<Values>) => ReactNode;
};

/**
 * Adds or changes one piece of content: the form is checked with the shared schema on save, the
 * server's refusal (a taken slug, an area of another district) lands under its field or above the
 * buttons, and a success closes the dialog with a toast.
 */
export function ContentDialog<Values, Input>(props: ContentDialogProps<Values, Input>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const screens = Grid.useBreakpoint();
  const errorText = useOpsErrorText();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const translate = (message: string) => contentMessage(t, language, message);

  const submit = async (values: Values) => {
    setError(null);
    const input = parseForm(form, props.schema, props.prepare(values), translate);
    if (!input) return;
    try {
      await props.save(input);
      toast.success(t('opsConsole.content.saved'));
      props.onClose();
    } catch (failure) {
      const field = isApiError(failure)
        ? (failure.details as { field?: unknown } | undefined)?.field
        : undefined;
      if (typeof field === 'string' && isApiError(failure)) {
        form.setFields([{ name: field as never, errors: [translate(failure.message)] }]);
      } else {
        setError(errorText(failure));
      }
    }
  };

  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={props.title}
      width={screens.md ? (props.wide ? 1000 : 720) : '100%'}
      footer={null}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<Values>
        form={form}
        name={props.name}
        layout="vertical"
        requiredMark={false}
        initialValues={props.initialValues as never}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setError(null)}
      >
        {props.children(form)}
        <FormAlert message={error} />
        <div className="ops-actions">
          <Button type="primary" htmlType="submit" loading={props.saving}>
            {t('opsConsole.common.save')}
          </Button>
          <Button onClick={props.onClose}>{t('opsConsole.common.cancel')}</Button>
        </div>
      </Form>
    </Modal>
  );
}
