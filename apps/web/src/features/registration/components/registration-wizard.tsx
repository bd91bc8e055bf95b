import { otpVerifySchema, registrationSchema } from '@dak/domain/auth';
import { otpRules } from '@dak/domain/otp';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button, Form, Steps, Typography } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/ui/form-alert';
import { LinkButton } from '../../../components/ui/link-button';
import { PhoneVerification } from '../../../components/ui/phone-verification';
import { fieldErrors, isApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { showFieldErrors } from '../../../lib/form-validation';
import { resendWait, useOtpCode } from '../../../lib/otp';
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
import './registration.css';

type Step = 'shop' | 'verify' | 'personal';
const stepIndex: Record<Step, number> = { shop: 0, verify: 1, personal: 2 };

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
  const otp = useOtpCode();
  const [error, setError] = useState<{ message: string; alreadyRegistered: boolean } | null>(null);

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
      const wait = resendWait(cause);
      if (wait !== null) openVerification(details, wait);
      else if (!showFieldErrors(shopForm, shopDetailsFields, fieldErrors(cause), translateMessage))
        showError(cause);
    }
  };

  const openVerification = (details: ShopDetails, wait: number) => {
    setShop(details);
    setResendAfter(wait);
    otp.reset();
    goTo('verify');
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!shop) return;
    setError(null);
    const parsed = otp.parse(otpVerifySchema, { phone: shop.phone, code: otp.code });
    if (!parsed) return;
    try {
      await verifyOtp.mutateAsync({ phone: parsed.phone, code: parsed.code });
      goTo('personal');
    } catch (cause) {
      if (otp.refused(cause)) return;
      showError(cause);
    }
  };

  const resend = otp.resend(async () => {
    if (!shop) throw new Error('no phone to send to');
    const sent = await requestOtp.mutateAsync({ phone: shop.phone });
    toast.success(t('otp.resent', { phone: formatPhoneLocal(shop.phone) }));
    return sent;
  });

  const submitPersonal = async (details: PersonalDetails) => {
    if (!shop) return;
    setError(null);
    const input = registrationSchema.safeParse({ ...shop, code: otp.code, ...details });
    if (!input.success) {
      // The earlier steps passed the same rules; only a stale code can fail here.
      otp.fail(translateMessage(input.error.issues[0]?.message ?? ''));
      setResendAfter(0);
      goTo('verify');
      return;
    }
    try {
      const result = await register.mutateAsync(input.data);
      startSession({ kind: 'user', token: result.token });
      onRegistered({ shopName: result.shop.name });
    } catch (cause) {
      if (otp.refused(cause)) {
        // The code ran out between the steps: ask for a new one on the code step.
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
            {...otp.bind}
            onEditNumber={() => goTo('shop')}
            onResend={resend}
            disabled={verifyOtp.isPending}
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
