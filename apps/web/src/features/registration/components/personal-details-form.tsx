import { personalDetailsSchema, personalDetailsShape } from '@dak/domain/auth';
import { messages } from '@dak/domain/errors';
import { passwordsMatch } from '@dak/domain/password';
import type { FormInstance, FormRule } from 'antd';
import { Button, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/ui/app-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule } from '../../../lib/form-validation';

export type PersonalDetailsValues = {
  fullName?: string;
  dateOfBirth?: Dayjs | null;
  referralCode?: string;
  password?: string;
  confirmPassword?: string;
};

export type PersonalDetails = ReturnType<typeof personalDetailsSchema.parse>;

export const personalDetailsFields = [
  'fullName',
  'dateOfBirth',
  'referralCode',
  'password',
  'confirmPassword',
] as const;

const asText = (value: unknown) => (typeof value === 'string' ? value : '');
/** The API takes the day as YYYY-MM-DD; the picker holds a dayjs value. */
const prepareDate = (value: unknown) =>
  dayjs.isDayjs(value) && value.isValid() ? value.format('YYYY-MM-DD') : undefined;
const prepareReferral = (value: unknown) => {
  const text = asText(value).trim();
  return text === '' ? undefined : text;
};

function prepare(values: PersonalDetailsValues) {
  return {
    fullName: values.fullName ?? '',
    dateOfBirth: prepareDate(values.dateOfBirth),
    referralCode: prepareReferral(values.referralCode),
    password: values.password ?? '',
    confirmPassword: values.confirmPassword ?? '',
  };
}

type PersonalDetailsFormProps = {
  submitting: boolean;
  error: string | null;
  errorAction?: ReactNode;
  onSubmit: (details: PersonalDetails) => void;
  onChange: () => void;
  /** The wizard's form instance, so it can put the server's field errors under the inputs. */
  form: FormInstance<PersonalDetailsValues>;
};

/** Registration's last step: name and birth date as on the NID, an optional referral, a password. */
export function PersonalDetailsForm({
  submitting,
  error,
  errorAction,
  onSubmit,
  onChange,
  form,
}: PersonalDetailsFormProps) {
  const { t } = useTranslation();
  const { translateMessage } = useErrorText();

  const matchesPassword: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const password = asText(getFieldValue('password'));
      if (!passwordsMatch({ password, confirmPassword: asText(value) })) {
        throw new Error(translateMessage(messages.passwordsDoNotMatch));
      }
    },
  });

  const finish = (values: PersonalDetailsValues) => {
    const details = parseForm(form, personalDetailsSchema, prepare(values), translateMessage);
    if (details) onSubmit(details);
  };

  return (
    <AppForm form={form} name="personal-details" onFinish={finish} onValuesChange={onChange}>
      <Form.Item
        name="fullName"
        label={t('fields.fullName')}
        rules={[schemaRule(personalDetailsShape.fullName, translateMessage, asText)]}
      >
        <Input autoComplete="name" placeholder={t('placeholders.fullName')} size="large" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="dateOfBirth"
        label={t('fields.dateOfBirth')}
        validateTrigger={['onBlur', 'onChange']}
        rules={[schemaRule(personalDetailsShape.dateOfBirth, translateMessage, prepareDate)]}
      >
        <DatePicker
          className="full-width"
          size="large"
          format="YYYY-MM-DD"
          placeholder={t('placeholders.dateOfBirth')}
          defaultPickerValue={dayjs().subtract(25, 'year')}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          inputReadOnly={false}
          showToday={false}
          allowClear
        />
      </Form.Item>
      <Form.Item
        name="referralCode"
        label={t('fields.referralCode')}
        rules={[schemaRule(personalDetailsShape.referralCode, translateMessage, prepareReferral)]}
      >
        <Input
          placeholder={t('placeholders.referralCode')}
          size="large"
          maxLength={32}
          autoCapitalize="characters"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('fields.password')}
        extra={t('hints.password')}
        rules={[schemaRule(personalDetailsShape.password, translateMessage, asText)]}
      >
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        dependencies={['password']}
        rules={[matchesPassword]}
      >
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <FormAlert message={error} action={errorAction} />
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {t('actions.createAccount')}
      </Button>
    </AppForm>
  );
}
