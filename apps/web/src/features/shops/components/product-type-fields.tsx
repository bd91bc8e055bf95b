import { productTypes, shopCreateSchema, shopReasons } from '@dak/domain/shop';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { schemaRule } from '../../../lib/form-validation';
import { useLanguage } from '../../../lib/i18n';

const shape = shopCreateSchema.shape;

/** Product type, then the subtypes of that type; changing the type clears the subtype. */
export function ProductTypeFields({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { translateMessage } = useErrorText();
  const form = Form.useFormInstance();
  const typeId: unknown = Form.useWatch('productType', form);
  const type = productTypes.find((item) => item.id === typeId);

  return (
    <>
      <Form.Item
        name="productType"
        label={t('shopForm.productType')}
        rules={[schemaRule(shape.productType, translateMessage)]}
      >
        <Select
          placeholder={t('shopForm.choose')}
          disabled={disabled}
          options={productTypes.map((item) => ({ value: item.id, label: item[language] }))}
          onChange={() => form.setFieldValue('productSubType', undefined)}
        />
      </Form.Item>
      <Form.Item
        name="productSubType"
        label={t('shopForm.productSubType')}
        rules={[schemaRule(shape.productSubType, translateMessage)]}
      >
        <Select
          placeholder={type ? t('shopForm.choose') : t('shopForm.chooseTypeFirst')}
          disabled={disabled || !type}
          options={(type?.subTypes ?? []).map((item) => ({ value: item.id, label: item[language] }))}
        />
      </Form.Item>
    </>
  );
}

/** Why the merchant opens the shop (spec: reason for opening). */
export function ReasonField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { translateMessage } = useErrorText();
  return (
    <Form.Item
      name="reason"
      label={t('shopForm.reason')}
      rules={[schemaRule(shape.reason, translateMessage)]}
    >
      <Select
        placeholder={t('shopForm.choose')}
        disabled={disabled}
        options={shopReasons.map((item) => ({ value: item.id, label: item[language] }))}
      />
    </Form.Item>
  );
}
