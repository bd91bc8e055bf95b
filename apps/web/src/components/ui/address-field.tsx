import { addressRules, addressWarning } from '@dak/domain/address';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { type SafeParser, schemaRule } from '../../lib/form-validation';

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** An empty optional address is "not given", not an empty one. */
export const optionalText = (value: unknown) => {
  const text = asText(value).trim();
  return text === '' ? undefined : asText(value);
};

type AddressFieldProps = {
  name: string;
  label: string;
  /** The shared schema of this address (its messages name the field). */
  schema: SafeParser<unknown>;
  translate: (message: string) => string;
  optional?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  disabled?: boolean;
};

/**
 * An address as the spec asks for it: English, checked by the shared rules, and the "under 10
 * characters" warning shown under the field while the address may still be saved.
 */
export function AddressField({
  name,
  label,
  schema,
  translate,
  optional,
  placeholder,
  hint,
  disabled,
}: AddressFieldProps) {
  const form = Form.useFormInstance();
  const value: unknown = Form.useWatch(name, form);
  const warning = addressWarning(asText(value));
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[schemaRule(schema, translate, optional ? optionalText : asText)]}
      extra={
        warning ? (
          <span className="field-warning" role="status">
            {translate(warning)}
          </span>
        ) : (
          hint
        )
      }
    >
      <Input.TextArea
        autoSize={{ minRows: 2, maxRows: 4 }}
        maxLength={addressRules.maxLength}
        placeholder={placeholder}
        autoComplete="street-address"
        disabled={disabled}
      />
    </Form.Item>
  );
}
