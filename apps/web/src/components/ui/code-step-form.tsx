import { Button } from 'antd';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from './form-alert';
import { PhoneVerification } from './phone-verification';

type CodeStepFormProps = Omit<ComponentProps<typeof PhoneVerification>, 'disabled'> & {
  onSubmit: (event: FormEvent) => void;
  /** The call that checks the code is on its way: the boxes wait, the button spins. */
  pending: boolean;
  /** The server's answer when it was not about the code itself. */
  formError: string | null;
  /** The button beside Verify: back to the details, or cancel. */
  back: { label: string; onClick: () => void };
  className?: string;
  /** Above the code boxes: what the code is for. */
  intro?: ReactNode;
  /** Between the boxes and the error: a choice made with the code (a new member's role). */
  children?: ReactNode;
};

/** The step of a settings change that asks for the code sent to a phone, with Verify and one way back. */
export function CodeStepForm({
  onSubmit,
  pending,
  formError,
  back,
  className,
  intro,
  children,
  ...verification
}: CodeStepFormProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      {intro}
      <PhoneVerification {...verification} disabled={pending} />
      {children}
      <FormAlert message={formError} />
      <div className="form-actions">
        <Button type="primary" htmlType="submit" loading={pending}>
          {t('actions.verify')}
        </Button>
        <Button onClick={back.onClick}>{back.label}</Button>
      </div>
    </form>
  );
}
