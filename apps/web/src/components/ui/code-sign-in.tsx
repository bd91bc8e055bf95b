import { formatPhoneLocal } from '@dak/domain/phone';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { ZodType } from 'zod';
import { fieldErrors } from '../../lib/api-error';
import { useErrorText } from '../../lib/error-text';
import { type FieldSetter, showFieldErrors } from '../../lib/form-validation';
import { useOtpCode } from '../../lib/otp';
import { FormAlert } from './form-alert';
import { PhoneVerification } from './phone-verification';
import { SubmitButton } from './plain-form';

/** Where the code went and when a new one may be asked for; a flow adds what its resend needs. */
export type CodeSent = { phone: string; resendAfterSeconds: number };

/**
 * The state every sign-in shares (the merchant's phone and code or password, the console's
 * password then code, the rider's phone then code): the first step's message above its button,
 * and the code step once a code went out. `resend` asks for a new code for the same sign-in.
 */
export function useCodeSignIn<S extends CodeSent>(
  resend: (sent: S) => Promise<{ resendAfterSeconds: number }>,
) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const otp = useOtpCode();
  const [sent, setSent] = useState<S | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  return {
    sent,
    otp,
    formError,
    setFormError,
    /** Opens the code step with empty boxes. */
    openCodeStep(next: S) {
      otp.reset();
      setFormError(null);
      setSent(next);
    },
    /** Back to the first step (the person wants to change the number). */
    closeCodeStep() {
      setSent(null);
    },
    /** A refused first step: messages about a field go under it, the rest above the button. */
    showError(error: unknown, form: FieldSetter, fields: string[]) {
      if (!showFieldErrors(form, fields, fieldErrors(error), translateMessage))
        setFormError(errorText(error));
    },
    resend: otp.resend(async () => {
      if (!sent) throw new Error('no phone to send a code to');
      const answer = await resend(sent);
      toast.success(t('otp.resent', { phone: formatPhoneLocal(sent.phone) }));
      return answer;
    }),
  };
}

export type CodeSignIn<S extends CodeSent> = ReturnType<typeof useCodeSignIn<S>>;

type CodeStepProps<S extends CodeSent, Input> = {
  flow: CodeSignIn<S>;
  sent: S;
  /** Prefix of the code boxes' ids. */
  idPrefix: string;
  title?: string;
  submitLabel: string;
  buttonClassName?: string;
  pending: boolean;
  /** The shared schema of the verify request, checked before it goes. */
  schema: ZodType<Input>;
  input: (sent: S, code: string) => unknown;
  /** Signs in with the checked code; a refusal of the code itself shows under the boxes. */
  verify: (input: Input) => Promise<void>;
};

/**
 * The code step of a sign-in: the code boxes, resend, change number, and the verify button. Plain
 * markup (no antd): the merchant's sign-in page has it (issue 16).
 */
export function CodeStep<S extends CodeSent, Input>(props: CodeStepProps<S, Input>) {
  const { errorText } = useErrorText();
  const { flow, sent } = props;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    flow.setFormError(null);
    const input = flow.otp.parse(props.schema, props.input(sent, flow.otp.code));
    if (!input) return;
    try {
      await props.verify(input);
    } catch (error) {
      if (!flow.otp.refused(error)) flow.setFormError(errorText(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {props.title ? <h2 className="step-title">{props.title}</h2> : null}
      <PhoneVerification
        idPrefix={props.idPrefix}
        phone={sent.phone}
        resendAfterSeconds={sent.resendAfterSeconds}
        {...flow.otp.bind}
        onEditNumber={flow.closeCodeStep}
        onResend={flow.resend}
        disabled={props.pending}
      />
      <FormAlert message={flow.formError} />
      <SubmitButton loading={props.pending} className={props.buttonClassName}>
        {props.submitLabel}
      </SubmitButton>
    </form>
  );
}
