import { type AccountType, otpRequestSchema, otpVerifySchema, passwordLoginSchema } from '@dak/domain/auth';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeStep, useCodeSignIn } from '../../../components/ui/code-sign-in';
import { FormAlert } from '../../../components/ui/form-alert';
import {
  ChoiceField,
  Field,
  PasswordInput,
  SubmitButton,
  TextInput,
} from '../../../components/ui/plain-form';
import { useErrorText } from '../../../lib/error-text';
import { type FieldSetter, parseForm, type SafeParser } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
import { resendWait } from '../../../lib/otp';
import { startSession } from '../../../lib/session';
import { useLoginWithPassword } from '../api/login-with-password';
import { useRequestLoginOtp } from '../api/request-login-otp';
import { useVerifyLoginOtp } from '../api/verify-login-otp';

type Method = 'password' | 'otp';
type TextFieldName = 'phone' | 'password';

export type SignedIn = { isNewUser: boolean; accountType: AccountType; phone: string };

type Verification = { phone: string; accountType: AccountType; resendAfterSeconds: number };

/** Each typed field's shared rule (the request's schema, as the server checks it) and its input. */
const fieldRules: Record<TextFieldName, { schema: SafeParser<unknown>; prepare: (value: string) => string }> =
  {
    phone: { schema: otpRequestSchema.shape.phone, prepare: toLatinDigits },
    password: { schema: passwordLoginSchema.shape.password, prepare: (value) => value },
  };

/**
 * Log in with phone and password, or phone and a code; merchant or partner account. Plain React
 * (no antd: the sign-in page is the panel's first screen, issue 16). As the panel's antd forms do,
 * a field is checked by its shared rule when it loses focus and all of them on submit; its message
 * shows under it until it is changed.
 */
export function LoginFlow({ onSignedIn }: { onSignedIn: (result: SignedIn) => void }) {
  const { t } = useTranslation();
  const { translateMessage } = useErrorText();
  const [accountType, setAccountType] = useState<AccountType>('merchant');
  const [method, setMethod] = useState<Method>('password');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<TextFieldName, string>>>({});
  const inputs = { phone: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const passwordLogin = useLoginWithPassword();
  const requestOtp = useRequestLoginOtp();
  const verifyOtp = useVerifyLoginOtp();
  const flow = useCodeSignIn<Verification>((sent) => requestOtp.mutateAsync({ phone: sent.phone }));
  const pending = passwordLogin.isPending || requestOtp.isPending;

  const fields: FieldSetter = {
    setFields: (shown: Array<{ name: string; errors: string[] }>) =>
      setErrors((current) => {
        const next = { ...current };
        for (const field of shown) next[field.name as TextFieldName] = field.errors[0];
        return next;
      }),
  };
  const showError = (error: unknown) => flow.showError(error, fields, ['phone', 'password']);

  /** The field's message by its rule, or undefined when its value passes. */
  const check = (name: TextFieldName, value: string): string | undefined => {
    const result = fieldRules[name].schema.safeParse(fieldRules[name].prepare(value));
    return result.success ? undefined : translateMessage(result.error.issues[0]?.message ?? '');
  };
  const checkOnBlur = (name: TextFieldName, value: string) =>
    setErrors((current) => ({ ...current, [name]: check(name, value) }));
  const edit = (name: TextFieldName, value: string) => {
    (name === 'phone' ? setPhone : setPassword)(value);
    setErrors((current) => ({ ...current, [name]: undefined }));
    flow.setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    flow.setFormError(null);
    const checked: TextFieldName[] = method === 'password' ? ['phone', 'password'] : ['phone'];
    const found = Object.fromEntries(
      checked.map((name) => [name, check(name, name === 'phone' ? phone : password)]),
    );
    setErrors(found);
    const firstInvalid = checked.find((name) => found[name] !== undefined);
    if (firstInvalid) {
      inputs[firstInvalid].current?.focus();
      return;
    }
    const latinPhone = toLatinDigits(phone);
    if (method === 'password') {
      const input = parseForm(
        fields,
        passwordLoginSchema,
        { phone: latinPhone, password, accountType },
        translateMessage,
      );
      if (!input) return;
      try {
        const session = await passwordLogin.mutateAsync(input);
        startSession({ kind: 'user', token: session.token });
        onSignedIn({ isNewUser: false, accountType: session.user.accountType, phone: session.user.phone });
      } catch (error) {
        showError(error);
      }
      return;
    }
    const input = parseForm(fields, otpRequestSchema, { phone: latinPhone }, translateMessage);
    if (!input) return;
    const open = (resendAfterSeconds: number) =>
      flow.openCodeStep({ phone: input.phone, accountType, resendAfterSeconds });
    try {
      open((await requestOtp.mutateAsync(input)).resendAfterSeconds);
    } catch (error) {
      const wait = resendWait(error);
      if (wait !== null) open(wait);
      else showError(error);
    }
  };

  if (flow.sent) {
    return (
      <CodeStep
        flow={flow}
        sent={flow.sent}
        idPrefix="login"
        title={t('otp.title')}
        submitLabel={t('actions.verify')}
        pending={verifyOtp.isPending}
        schema={otpVerifySchema}
        input={(sent, code) => ({ phone: sent.phone, code, accountType: sent.accountType })}
        verify={async (input) => {
          const result = await verifyOtp.mutateAsync(input);
          startSession({ kind: 'user', token: result.token });
          onSignedIn({
            isNewUser: result.isNewUser,
            accountType: result.user.accountType,
            phone: result.user.phone,
          });
        }}
      />
    );
  }

  return (
    <form id="login" onSubmit={submit} noValidate>
      <ChoiceField<AccountType>
        name="accountType"
        label={t('fields.accountType')}
        value={accountType}
        onChange={(value) => {
          setAccountType(value);
          flow.setFormError(null);
        }}
        options={[
          { value: 'merchant', label: t('accountType.merchant') },
          { value: 'partner', label: t('accountType.partner') },
        ]}
      />
      <Field id="login_phone" label={t('fields.phone')} error={errors.phone}>
        <TextInput
          id="login_phone"
          ref={inputs.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('placeholders.phone')}
          maxLength={20}
          value={phone}
          invalid={Boolean(errors.phone)}
          onChange={(event) => edit('phone', event.target.value)}
          onBlur={(event) => checkOnBlur('phone', event.target.value)}
        />
      </Field>
      <ChoiceField<Method>
        name="method"
        label={t('fields.loginMethod')}
        value={method}
        onChange={(value) => {
          setMethod(value);
          setErrors((current) => ({ ...current, password: undefined }));
          flow.setFormError(null);
        }}
        options={[
          { value: 'password', label: t('loginMethod.password') },
          { value: 'otp', label: t('loginMethod.otp') },
        ]}
      />
      {method === 'password' ? (
        <Field id="login_password" label={t('fields.password')} error={errors.password}>
          <PasswordInput
            id="login_password"
            ref={inputs.password}
            autoComplete="current-password"
            data-testid="login-password"
            value={password}
            invalid={Boolean(errors.password)}
            onChange={(event) => edit('password', event.target.value)}
            onBlur={(event) => checkOnBlur('password', event.target.value)}
          />
        </Field>
      ) : null}
      <FormAlert message={flow.formError} />
      <SubmitButton loading={pending}>
        {method === 'password' ? t('actions.login') : t('actions.sendCode')}
      </SubmitButton>
    </form>
  );
}
