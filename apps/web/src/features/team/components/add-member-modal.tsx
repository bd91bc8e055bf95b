import { formatPhoneLocal } from '@dak/domain/phone';
import { type EmployeeRole, employeeRoles, memberAddSchema, memberOtpSchema } from '@dak/domain/shop';
import { Form, Input, Modal, Radio, Typography } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { AppForm } from '../../../components/ui/app-form';
import { CodeStepForm } from '../../../components/ui/code-step-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { SendCodeActions } from '../../../components/ui/send-code-actions';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
import { resendWait, useOtpCode } from '../../../lib/otp';
import { useAddMember } from '../api/add-member';
import { useRequestMemberOtp } from '../api/request-member-otp';

type Step = { name: 'phone' } | { name: 'verify'; phone: string; resendAfter: number };
const asText = (value: unknown) => toLatinDigits(typeof value === 'string' ? value : '');

/**
 * Add member: the employee's phone, a code SMSed to that phone (the employee reads it out to the
 * owner), then the code and a role (spec 6: the owner adds employees after phone OTP verification).
 */
export function AddMemberModal({
  shopId,
  open,
  onClose,
}: {
  shopId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<{ phone?: string }>();
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [role, setRole] = useState<EmployeeRole>('editor');
  const otp = useOtpCode();
  const [error, setError] = useState<string | null>(null);
  const requestOtp = useRequestMemberOtp();
  const add = useAddMember();

  const reset = () => {
    form.resetFields();
    setStep({ name: 'phone' });
    setRole('editor');
    otp.reset();
    setError(null);
  };

  const close = () => {
    reset();
    onClose();
  };

  const openVerify = (phone: string, resendAfter: number) => {
    otp.reset();
    setError(null);
    setStep({ name: 'verify', phone, resendAfter });
  };

  const sendCode = async (values: { phone?: string }) => {
    setError(null);
    const input = parseForm(form, memberOtpSchema, { phone: asText(values.phone) }, translateMessage);
    if (!input) return;
    try {
      const sent = await requestOtp.mutateAsync({ shopId, phone: input.phone });
      openVerify(input.phone, sent.resendAfterSeconds);
    } catch (cause) {
      const wait = resendWait(cause);
      if (wait !== null) openVerify(input.phone, wait);
      else if (!showFieldErrors(form, ['phone'], fieldErrors(cause), translateMessage))
        setError(errorText(cause));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step.name !== 'verify') return;
    setError(null);
    const parsed = otp.parse(memberAddSchema, { phone: step.phone, role, code: otp.code });
    if (!parsed) return;
    try {
      await add.mutateAsync({ shopId, ...parsed });
      toast.success(t('team.added', { phone: formatPhoneLocal(parsed.phone), role: t(`roles.${role}`) }));
      close();
    } catch (cause) {
      if (otp.refused(cause)) return;
      setError(errorText(cause));
    }
  };

  const resend = otp.resend(async () => {
    if (step.name !== 'verify') throw new Error('no number to send to');
    const sent = await requestOtp.mutateAsync({ shopId, phone: step.phone });
    toast.success(t('otp.resent', { phone: formatPhoneLocal(step.phone) }));
    return sent;
  });

  return (
    <Modal open={open} onCancel={close} title={t('team.addTitle')} footer={null} destroyOnHidden>
      {step.name === 'phone' ? (
        <AppForm form={form} name="add-member" onFinish={sendCode} onValuesChange={() => setError(null)}>
          <Typography.Paragraph type="secondary">{t('team.addIntro')}</Typography.Paragraph>
          <Form.Item
            name="phone"
            label={t('fields.phone')}
            extra={t('team.phoneHint')}
            rules={[schemaRule(memberOtpSchema.shape.phone, translateMessage, asText)]}
          >
            <Input
              type="tel"
              inputMode="tel"
              placeholder={t('placeholders.phone')}
              maxLength={20}
              autoFocus
            />
          </Form.Item>
          <FormAlert message={error} />
          <SendCodeActions sending={requestOtp.isPending} onCancel={close} />
        </AppForm>
      ) : (
        <CodeStepForm
          onSubmit={submit}
          idPrefix="member"
          phone={step.phone}
          resendAfterSeconds={step.resendAfter}
          {...otp.bind}
          onEditNumber={() => setStep({ name: 'phone' })}
          onResend={resend}
          pending={add.isPending}
          formError={error}
          back={{ label: t('actions.cancel'), onClick: close }}
        >
          <div className="form-field">
            <div className="form-field__label" id="member-role-label">
              {t('team.role')}
            </div>
            <Radio.Group
              aria-labelledby="member-role-label"
              optionType="button"
              buttonStyle="solid"
              value={role}
              onChange={(event) => {
                const next = employeeRoles.find((item) => item === event.target.value);
                if (next) setRole(next);
              }}
              options={employeeRoles.map((item) => ({ value: item, label: t(`roles.${item}`) }))}
            />
            <Typography.Paragraph type="secondary" className="form-field__hint">
              {role === 'editor' ? t('team.editorHint') : t('team.viewerHint')}
            </Typography.Paragraph>
          </div>
        </CodeStepForm>
      )}
    </Modal>
  );
}
