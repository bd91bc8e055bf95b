import { Form } from 'antd';
import { type SafeParser, schemaRule } from '../../lib/form-validation';
import { AddressField } from './address-field';
import { type AreaChoice, AreaSelect } from './area-select';

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

type Field = { name: string; label: string; schema: SafeParser<unknown> };

/**
 * Where someone is: the street address, then the area picked from the list (checked as soon as
 * it is picked, not only on leaving it). `area.initial` is the area already saved, so the picker
 * can show its name before the list loads.
 */
export function AddressAreaFields({
  address,
  area,
  translate,
}: {
  address: Field & { placeholder?: string };
  area: Field & { initial: AreaChoice | null };
  translate: (message: string) => string;
}) {
  return (
    <>
      <AddressField {...address} translate={translate} />
      <Form.Item
        name={area.name}
        label={area.label}
        rules={[schemaRule(area.schema, translate, asText)]}
        validateTrigger={['onChange', 'onBlur']}
      >
        <AreaSelect initial={area.initial} />
      </Form.Item>
    </>
  );
}
