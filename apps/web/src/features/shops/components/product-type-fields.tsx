import { productTypes, shopCreateSchema, shopReasons } from '@dak/domain/shop';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { schemaRule } from '../../../lib/form-validation';
import { useLanguage } from '../../../lib/i18n';

const shape = shopCreateSchema.shape;

type ChoiceFieldProps = {
  name: 'productType' | 'productSubType' | 'reason';
  label: string;
  placeholder: string;
  disabled?: boolean;
  choices: readonly { id: string; en: string; bn: string }[];
  onChange?: () => void;
};

/** A select of the shop form's fixed choices, labelled in the reader's language and checked by the shop rules. */
function ChoiceField({ name, label, placeholder, disabled, choices, onChange }: ChoiceFieldProps) {
  const language = useLanguage();
  const { translateMessage } = useErrorText();
  return (
    <Form.Item name={name} label={label} rules={[schemaRule(shape[name], translateMessage)]}>
      <Select
        placeholder={placeholder}
        disabled={disabled}
        options={choices.map((item) => ({ value: item.id, label: item[language] }))}
        onChange={onChange}
      />
    </Form.Item>
  );
}

/** Product type, then the subtypes of that type; changing the type clears the subtype. */
export function ProductTypeFields({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const typeId: unknown = Form.useWatch('productType', form);
  const type = productTypes.find((item) => item.id === typeId);

  return (
    <>
      <ChoiceField
        name="productType"
        label={t('shopForm.productType')}
        placeholder={t('shopForm.choose')}
        disabled={disabled}
        choices={productTypes}
        onChange={() => form.setFieldValue('productSubType', undefined)}
      />
      <ChoiceField
        name="productSubType"
        label={t('shopForm.productSubType')}
        placeholder={type ? t('shopForm.choose') : t('shopForm.chooseTypeFirst')}
        disabled={disabled || !type}
        choices={type?.subTypes ?? []}
      />
    </>
  );
}

/** Why the merchant opens the shop (spec: reason for opening). */
export function ReasonField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <ChoiceField
      name="reason"
      label={t('shopForm.reason')}
      placeholder={t('shopForm.choose')}
      disabled={disabled}
      choices={shopReasons}
    />
  );
}
