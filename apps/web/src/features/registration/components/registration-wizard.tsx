import { otpVerifySchema, registrationSchema } from '@dak/domain/auth';
import { otpRules } from '@dak/domain/otp';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button, Form, Steps, Typography } from 'antd';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/ui/form-alert';
import { LinkButton } from '../../../components/ui/link-button';
import type { OtpInputHandle } from '../../../components/ui/otp-input';
import { PhoneVerification } from '../../../components/ui/phone-verification';
import { fieldErrors, isApiError, retryAfterSeconds } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { showFieldErrors } from '../../../lib/form-validation';
import { resendCode } from '../../../lib/otp';
import { startSession } from '../../../lib/session';
import { useRegisterMerchant } from '../api/register-merchant';
import { useRequestRegistrationOtp } from '../api/request-registration-otp';
import { useVerifyRegistrationOtp } from '../api/verify-registration-otp';
import {
  type PersonalDetails,
  PersonalDetailsForm,
  type PersonalDetailsValues,
  personalDetailsFields,
} from './personal-details-form';
import {
  type ShopDetails,
  ShopDetailsForm,
  type ShopDetailsValues,
  shopDetailsFields,
} from './shop-details-form';

type Step = 'shop' | 'verify' | 'personal';
const stepIndex: Record<Step, number> = { shop: 0, verify: 1, personal: 2 };
const codeErrors = new Set(['OTP_REQUIRED', 'OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS']);

export type Registered = { shopName: string };

/**
 * Sign-up in three steps, kept in memory only (a reload starts again): shop details, the phone
 * code, then personal details; the last step sends everything, the code included, in one call.
 */
export function RegistrationWizard({
  initialPhone,
  onRegistered,
}: {
  initialPhone?: string;
  onRegistered: (result: Registered) => void;
}) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [shopForm] = Form.useForm<ShopDetailsValues>();
  const [personalForm] = Form.useForm<PersonalDetailsValues>();
  const [step, setStep] = useState<Step>('shop');
  const [shopValues, setShopValues] = useState<ShopDetailsValues>(() => ({
    phone: initialPhone ? formatPhoneLocal(initialPhone).replace('-', '') : undefined,
  }));
  const [shop, setShop] = useState<ShopDetails | null>(null);
  const [resendAfter, setResendAfter] = useState<number>(otpRules.resendAfterSeconds);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; alreadyRegistered: boolean } | null>(null);
  const otpRef = useRef<OtpInputHandle>(null);

  const requestOtp = useRequestRegistrationOtp();
  const verifyOtp = useVerifyRegistrationOtp();
  const register = useRegisterMerchant();

  const showError = (cause: unknown) =>
    setError({
      message: errorText(cause),
      alreadyRegistered: isApiError(cause) && cause.code === 'PHONE_ALREADY_REGISTERED',
    });

  const goTo = (next: Step) => {
    setError(null);
    setStep(next);
  };

  const submitShop = async (details: ShopDetails, values: ShopDetailsValues) => {
    setError(null);
    setShopValues(values);
    try {
      const sent = await requestOtp.mutateAsync({ phone: details.phone });
      openVerification(details, sent.resendAfterSeconds);
    } catch (cause) {
      // A code sent a moment ago is still good: go on to type it, with the wait shown.
      const wait =
        isApiError(cause) && cause.code === 'OTP_RESEND_TOO_SOON' ? retryAfterSeconds(cause) : null;
      if (wait !== null) openVerification(details, wait);
      else if (!showFieldErrors(shopForm, shopDetailsFields, fieldErrors(cause), translateMessage))
        showError(cause);
    }
  };

  const openVerification = (details: ShopDetails, wait: number) => {
    setShop(details);
    setResendAfter(wait);
    setCode('');
    setCodeError(null);
    goTo('verify');
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!shop) return;
    setError(null);
    const parsed = otpVerifySchema.safeParse({ phone: shop.phone, code });
    if (!parsed.success) {
      setCodeError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      otpRef.current?.focus();
      return;
    }
    setCodeError(null);
    try {
      await verifyOtp.mutateAsync({ phone: parsed.data.phone, code: parsed.data.code });
      setCode(parsed.data.code);
      goTo('personal');
    } catch (cause) {
      if (isApiError(cause) && codeErrors.has(cause.code)) {
        setCodeError(errorText(cause));
        otpRef.current?.clear();
      } else showError(cause);
    }
  };

  const resend = () =>
    resendCode(
      async () => {
        if (!shop) throw new Error('no phone to send to');
        const sent = await requestOtp.mutateAsync({ phone: shop.phone });
        toast.success(t('otp.resent', { phone: formatPhoneLocal(shop.phone) }));
        return sent;
      },
      (cause) => setCodeError(errorText(cause)),
    );

  const submitPersonal = async (details: PersonalDetails) => {
    if (!shop) return;
    setError(null);
    const input = registrationSchema.safeParse({ ...shop, code, ...details });
    if (!input.success) {
      // The earlier steps passed the same rules; only a stale code can fail here.
      setCodeError(translateMessage(input.error.issues[0]?.message ?? ''));
      setResendAfter(0);
      goTo('verify');
      return;
    }
    try {
      const result = await register.mutateAsync(input.data);
      startSession(result.token, 'user');
      onRegistered({ shopName: result.shop.name });
    } catch (cause) {
      if (isApiError(cause) && codeErrors.has(cause.code)) {
        // The code ran out between the steps: ask for a new one on the code step.
        setCodeError(errorText(cause));
        setResendAfter(0);
        goTo('verify');
      } else if (isApiError(cause) && cause.code === 'PHONE_ALREADY_REGISTERED') {
        goTo('shop');
        showError(cause);
      } else if (
        !showFieldErrors(personalForm, personalDetailsFields, fieldErrors(cause), translateMessage)
      ) {
        showError(cause);
      }
    }
  };

  const loginAction = error?.alreadyRegistered ? (
    <LinkButton to="/login" size="small" type="primary">
      {t('actions.login')}
    </LinkButton>
  ) : undefined;

  return (
    <div className="registration">
      <Steps
        className="registration__steps"
        size="small"
        current={stepIndex[step]}
        titlePlacement="vertical"
        responsive={false}
        items={[
          { title: t('register.steps.shop') },
          { title: t('register.steps.verify') },
          { title: t('register.steps.personal') },
        ]}
      />
      {step === 'shop' ? (
        <ShopDetailsForm
          form={shopForm}
          initialValues={shopValues}
          submitting={requestOtp.isPending}
          error={error?.message ?? null}
          errorAction={loginAction}
          onSubmit={submitShop}
          onChange={() => setError(null)}
        />
      ) : null}
      {step === 'verify' && shop ? (
        <form onSubmit={submitCode} noValidate>
          <Typography.Title level={2} className="step-title">
            {t('otp.title')}
          </Typography.Title>
          <PhoneVerification
            idPrefix="registration"
            phone={shop.phone}
            resendAfterSeconds={resendAfter}
            onCodeChange={(value) => {
              setCode(value);
              if (codeError) setCodeError(null);
            }}
            onEditNumber={() => goTo('shop')}
            onResend={resend}
            error={codeError}
            disabled={verifyOtp.isPending}
            otpRef={otpRef}
          />
          <FormAlert message={error?.message} action={loginAction} />
          <Button type="primary" htmlType="submit" block size="large" loading={verifyOtp.isPending}>
            {t('actions.verify')}
          </Button>
        </form>
      ) : null}
      {step === 'personal' ? (
        <>
          <Typography.Title level={2} className="step-title">
            {t('register.personalTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('register.personalSubtitle')}</Typography.Paragraph>
          <PersonalDetailsForm
            form={personalForm}
            submitting={register.isPending}
            error={error?.message ?? null}
            onSubmit={submitPersonal}
            onChange={() => setError(null)}
          />
        </>
      ) : null}
    </div>
  );
}
