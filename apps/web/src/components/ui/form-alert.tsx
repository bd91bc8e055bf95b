import { Alert } from 'antd';
import type { ReactNode } from 'react';

/** A form's error from the server, above its button; absent when there is none. */
export function FormAlert({ message, action }: { message: string | null | undefined; action?: ReactNode }) {
  if (!message) return null;
  return <Alert className="form-alert" type="error" showIcon title={message} action={action} role="alert" />;
}
