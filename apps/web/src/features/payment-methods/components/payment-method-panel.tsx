import { BankOutlined, WalletOutlined } from '@ant-design/icons';
import { otpCodeSchema } from '@dak/domain/otp';
import {
  bankMethodSchema,
  bkashMethodSchema,
  type PaymentMethodInput,
  type PaymentMethodKind,
  paymentMethodInputSchema,
} from '@dak/domain/payment-methods';
import { Alert, Button, Form, Input, Radio, Select, Skeleton, Typography } from 'antd';
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
import { formatDate, localizeDigits, toLatinDigits } from '../../../lib/format';
import { type Language, useLanguage } from '../../../lib/i18n';
import { resendWait, useOtpCode } from '../../../lib/otp';
import { usePaymentMethod } from '../api/get-payment-method';
import { useBanks } from '../api/list-banks';
import { useBranches } from '../api/list-branches';
import { useRequestPaymentMethodOtp } from '../api/request-payment-method-otp';
import { useUpdatePaymentMethod } from '../api/update-payment-method';
import './payment-method.css';

type MethodValues = {
  method?: PaymentMethodKind;
  bankId?: string;
  branchId?: number;
  accountName?: string;
  accountNumber?: string;
  routingNumber?: string;
  walletNumber?: string;
};

type Step =
  | { name: 'view' }
  | { name: 'edit' }
  | { name: 'verify'; method: PaymentMethodInput; sentTo: string; resendAfter: number };

const fields = [
  'method',
  'bankId',
  'branchId',
  'accountName',
  'accountNumber',
  'routingNumber',
  'walletNumber',
] as const;
const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const digits = (value: unknown) => toLatinDigits(asText(value));
const bankShape = bankMethodSchema.shape;

function prepare(values: MethodValues) {
  if (values.method === 'bkash') return { method: 'bkash', walletNumber: digits(values.walletNumber) };
  return {
    method: 'bank',
    bankId: values.bankId ?? '',
    branchId: values.branchId,
    accountName: asText(values.accountName),
    accountNumber: digits(values.accountNumber),
    routingNumber: asText(values.routingNumber),
  };
}

const localName = (item: { nameEn: string; nameBn: string | null }, language: Language) =>
  language === 'bn' && item.nameBn ? item.nameBn : item.nameEn;

/**
 * Settings → Payment method (owner only): where Dak pays the shop, a bank account or a bKash
 * wallet. Saving needs the code sent to the owner's phone. The current one shows masked.
 */
export function PaymentMethodPanel({ shopId, canManage }: { shopId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText, translateMessage } = useErrorText();
  const current = usePaymentMethod(shopId);
  const [form] = Form.useForm<MethodValues>();
  const [step, setStep] = useState<Step>({ name: 'view' });
  const otp = useOtpCode();
  const [error, setError] = useState<string | null>(null);
  const method: PaymentMethodKind = Form.useWatch('method', form) ?? 'bank';
  const bankId: string | undefined = Form.useWatch('bankId', form);
  const banks = useBanks({ enabled: step.name === 'edit' });
  const branches = useBranches(step.name === 'edit' && method === 'bank' ? bankId : undefined);
  const requestOtp = useRequestPaymentMethodOtp();
  const update = useUpdatePaymentMethod();

  const openVerify = (input: PaymentMethodInput, sentTo: string, resendAfter: number) => {
    otp.reset();
    setError(null);
    setStep({ name: 'verify', method: input, sentTo, resendAfter });
  };

  const sendCode = async (values: MethodValues) => {
    setError(null);
    const input = parseForm(form, paymentMethodInputSchema, prepare(values), translateMessage);
    if (!input) return;
    try {
      const sent = await requestOtp.mutateAsync({ shopId });
      openVerify(input, sent.sentTo, sent.resendAfterSeconds);
    } catch (cause) {
      const wait = resendWait(cause);
      // A code sent a moment ago still works; it went to the owner's phone.
      if (wait !== null) openVerify(input, t('payment.ownerPhone'), wait);
      else setError(errorText(cause));
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (step.name !== 'verify') return;
    setError(null);
    const parsed = otp.parse(otpCodeSchema, otp.code);
    if (!parsed) return;
    try {
      await update.mutateAsync({ shopId, method: step.method, code: parsed });
      toast.success(t('payment.saved'));
      form.resetFields();
      setStep({ name: 'view' });
    } catch (cause) {
      if (otp.refused(cause)) return;
      if (showFieldErrors(form, fields, fieldErrors(cause), translateMessage)) {
        setStep({ name: 'edit' });
      } else setError(errorText(cause));
    }
  };

  const resend = otp.resend(async () => {
    const sent = await requestOtp.mutateAsync({ shopId });
    toast.success(t('otp.resent', { phone: sent.sentTo }));
    return sent;
  });

  if (current.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (current.isError) return <Alert type="error" showIcon title={errorText(current.error)} />;

  const view = current.data.paymentMethod;

  if (step.name === 'verify') {
    return (
      <CodeStepForm
        onSubmit={save}
        intro={<Typography.Paragraph>{t('payment.codeIntro')}</Typography.Paragraph>}
        idPrefix="payment-method"
        phone={step.sentTo}
        resendAfterSeconds={step.resendAfter}
        {...otp.bind}
        onResend={resend}
        pending={update.isPending}
        formError={error}
        back={{ label: t('payment.editDetails'), onClick: () => setStep({ name: 'edit' }) }}
      />
    );
  }

  if (step.name === 'edit') {
    const bankOptions = (banks.data?.items ?? []).map((bank) => ({
      value: bank.id,
      label: localName(bank, language),
    }));
    const branchItems = branches.data?.items ?? [];
    return (
      <AppForm
        form={form}
        name="payment-method"
        initialValues={{ method: view?.method ?? 'bank' }}
        onFinish={sendCode}
        onValuesChange={() => setError(null)}
        className="form-narrow"
      >
        <Form.Item name="method" label={t('payment.kind')}>
          <Radio.Group optionType="button" buttonStyle="solid" block aria-label={t('payment.kind')}>
            <Radio.Button value="bank">{t('payment.bank')}</Radio.Button>
            <Radio.Button value="bkash">{t('payment.bkash')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {method === 'bank' ? (
          <>
            <Form.Item
              name="bankId"
              label={t('payment.bankLabel')}
              rules={[schemaRule(bankShape.bankId, translateMessage, (v) => v ?? '')]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('shopForm.choose')}
                loading={banks.isPending}
                options={bankOptions}
                onChange={() => form.setFieldsValue({ branchId: undefined, routingNumber: undefined })}
              />
            </Form.Item>
            <Form.Item
              name="branchId"
              label={t('payment.branch')}
              rules={[schemaRule(bankShape.branchId, translateMessage)]}
              validateTrigger={['onChange', 'onBlur']}
            >
              <Select<number>
                showSearch={{ optionFilterProp: 'search' }}
                placeholder={bankId ? t('payment.branchPlaceholder') : t('payment.chooseBankFirst')}
                disabled={!bankId}
                loading={branches.isFetching}
                options={branchItems.map((branch) => ({
                  value: branch.id,
                  label: localName(branch, language),
                  search: `${branch.nameEn} ${branch.nameBn ?? ''} ${branch.routingNumber}`,
                }))}
                onChange={(id) => {
                  const branch = branchItems.find((item) => item.id === id);
                  form.setFieldsValue({ routingNumber: branch?.routingNumber });
                }}
              />
            </Form.Item>
            <Form.Item
              name="routingNumber"
              label={t('payment.routingNumber')}
              extra={t('payment.routingHint')}
              rules={[schemaRule(bankShape.routingNumber, translateMessage, (v) => v ?? '')]}
            >
              <Input readOnly inputMode="numeric" className="input-readonly" />
            </Form.Item>
            <Form.Item
              name="accountName"
              label={t('payment.accountName')}
              extra={t('payment.accountNameHint')}
              rules={[schemaRule(bankShape.accountName, translateMessage, asText)]}
            >
              <Input maxLength={100} autoComplete="name" />
            </Form.Item>
            <Form.Item
              name="accountNumber"
              label={t('payment.accountNumber')}
              rules={[schemaRule(bankShape.accountNumber, translateMessage, digits)]}
            >
              <Input inputMode="numeric" maxLength={24} autoComplete="off" />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="walletNumber"
            label={t('payment.walletNumber')}
            extra={t('payment.walletHint')}
            rules={[schemaRule(bkashMethodSchema.shape.walletNumber, translateMessage, digits)]}
          >
            <Input type="tel" inputMode="tel" placeholder={t('placeholders.phone')} maxLength={20} />
          </Form.Item>
        )}
        <FormAlert message={error} />
        <Typography.Paragraph type="secondary">{t('payment.otpNote')}</Typography.Paragraph>
        <SendCodeActions sending={requestOtp.isPending} onCancel={() => setStep({ name: 'view' })} />
      </AppForm>
    );
  }

  return (
    <div className="payment-method">
      {view ? (
        <div className="payment-method__current" data-testid="payment-method-current">
          {view.method === 'bank' ? (
            <>
              <BankOutlined aria-hidden className="payment-method__icon" />
              <div>
                <div className="card-list__title">{localName(view.bank, language)}</div>
                <div className="card-list__text">
                  {localName(view.branch, language)} · {t('payment.routingNumber')}{' '}
                  <span dir="ltr">{view.routingNumber}</span>
                </div>
                <div className="card-list__text">
                  {view.accountName} · <span dir="ltr">{view.accountNumberMasked}</span>
                </div>
              </div>
            </>
          ) : (
            <>
              <WalletOutlined aria-hidden className="payment-method__icon" />
              <div>
                <div className="card-list__title">{t('payment.bkash')}</div>
                <div className="card-list__text" dir="ltr">
                  {view.walletNumberMasked}
                </div>
              </div>
            </>
          )}
        </div>
      ) : (
        <Typography.Paragraph type="secondary">{t('payment.none')}</Typography.Paragraph>
      )}
      {view ? (
        <Typography.Paragraph type="secondary" className="payment-method__updated">
          {t('payment.updated', {
            date: formatDate(view.updatedAt, language),
            name: view.updatedBy.name ?? t('common.someone'),
          })}
        </Typography.Paragraph>
      ) : null}
      {canManage ? (
        <Button type={view ? 'default' : 'primary'} onClick={() => setStep({ name: 'edit' })}>
          {view ? t('payment.change') : t('payment.add')}
        </Button>
      ) : null}
      {current.data.history.length > 1 ? (
        <details className="payment-method__history">
          <summary>
            {t('payment.history', { n: localizeDigits(String(current.data.history.length), language) })}
          </summary>
          <ul>
            {current.data.history.map((item) => (
              <li key={item.changedAt.toISOString()}>
                {formatDate(item.changedAt, language)} —{' '}
                {item.method === 'bank' ? (item.bankName ?? t('payment.bank')) : t('payment.bkash')}{' '}
                <span dir="ltr">{item.accountNumberMasked ?? item.walletNumberMasked}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
