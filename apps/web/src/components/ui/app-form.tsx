import { Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * The panel's form: labels above the fields, no required marks (optional fields say so in their
 * label), each field checked when it loses focus. Any of the three can still be overridden.
 */
export function AppForm<Values = unknown>(
  props: Omit<FormProps<Values>, 'children'> & { children?: ReactNode },
) {
  return <Form<Values> layout="vertical" requiredMark={false} validateTrigger="onBlur" {...props} />;
}
