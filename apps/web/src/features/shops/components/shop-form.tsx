import type { ShopDetail } from '@dak/domain/shop';
import { Checkbox, Form, type FormInstance, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AddressField, optionalText } from '../../../components/ui/address-field';
import { AreaSelect } from '../../../components/ui/area-select';
import { FormAlert } from '../../../components/ui/form-alert';
import { useErrorText } from '../../../lib/error-text';
import { type SafeParser, schemaRule } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useZones } from '../api/list-zones';
import { ProductTypeFields, ReasonField } from './product-type-fields';

/**
 * The fields a shop form may show, by their names in the form and in the shared schema: the
 * registration step names the shop `shopName` and its terms `termsAccepted`, a shop's own forms
 * `name` and `isCurrentTncAccepted`.
 */
export type ShopField =
  | 'merchantName'
  | 'shopName'
  | 'name'
  | 'dailyParcelCount'
  | 'email'
  | 'productType'
  | 'reason'
  | 'address'
  | 'areaId'
  | 'pickupAddress'
  | 'phone'
  | 'returnPhone'
  | 'preferredDeliveryZone'
  | 'referrerCode'
  | 'termsAccepted'
  | 'isCurrentTncAccepted';

export const asText = (value: unknown) => (typeof value === 'string' ? value : '');
export const phoneText = (value: unknown) => toLatinDigits(asText(value));
export const optionalPhone = (value: unknown) => toLatinDigits(asText(value)).trim();
/** The count as typed (Bengali digits too); empty means not given, not zero. */
export const countText = (value: unknown) => {
  const text = toLatinDigits(asText(value)).trim();
  return text === '' ? undefined : text;
};
/** A field left empty that was empty before is not a change: the schema never sees it. */
export const blankToUndefined = (value: unknown) => (asText(value).trim() === '' ? undefined : asText(value));

type ShopFormProps<Values> = {
  form: FormInstance<Values>;
  name: string;
  /** The fields shown, in this order. */
  fields: readonly ShopField[];
  /** The shared schema's fields: each field's rule is the server's own. */
  shape: Partial<Record<ShopField, SafeParser<unknown>>>;
  /** The shop being changed (its settings): empty fields mean "none", its area is shown. */
  shop?: ShopDetail;
  /** The registration step's large inputs. */
  large?: boolean;
  /** What the phone is for, under it. */
  phoneHint?: string;
  onOpenTerms?: () => void;
  initialValues?: Values;
  disabled?: boolean;
  requiredMark?: false;
  className?: string;
  onFinish: (values: Values) => void;
  onValuesChange: () => void;
  error: string | null;
  errorAction?: ReactNode;
  /** The submit button, and anything after it (the terms dialog). */
  footer: ReactNode;
};

/**
 * One shop form for the three places a shop is described: registration's shop step, My shops →
 * Create shop, and a shop's settings. The caller names the fields, the schema and what submitting
 * does; the fields look and check the same everywhere.
 */
export function ShopForm<Values>(props: ShopFormProps<Values>) {
  const { t } = useTranslation();
  const { translateMessage } = useErrorText();
  const size = props.large ? 'large' : undefined;
  const editing = props.shop !== undefined;
  const rule = (field: ShopField, prepare: (value: unknown) => unknown, whenEmpty?: string) => {
    const schema = props.shape[field];
    return schema ? [schemaRule(schema, translateMessage, prepare, whenEmpty)] : undefined;
  };
  const termsLink = <button type="button" className="inline-link" onClick={props.onOpenTerms} />;

  const render = (field: ShopField): ReactNode => {
    switch (field) {
      case 'merchantName':
        return (
          <Form.Item key={field} name={field} label={t('fields.merchantName')} rules={rule(field, asText)}>
            <Input
              autoComplete="name"
              placeholder={t('placeholders.merchantName')}
              size={size}
              maxLength={100}
            />
          </Form.Item>
        );
      case 'shopName':
      case 'name':
        return (
          <Form.Item key={field} name={field} label={t('fields.shopName')} rules={rule(field, asText)}>
            <Input
              autoComplete="organization"
              placeholder={editing ? undefined : t('placeholders.shopName')}
              size={size}
              maxLength={100}
            />
          </Form.Item>
        );
      case 'dailyParcelCount':
        return (
          <Form.Item
            key={field}
            name={field}
            label={t('fields.dailyParcelVolume')}
            extra={t('hints.dailyParcelVolume')}
            rules={rule(field, countText, t('validation.required', { field: t('fields.dailyParcelVolume') }))}
          >
            <Input
              inputMode="numeric"
              placeholder={t('placeholders.dailyParcelVolume')}
              size={size}
              maxLength={9}
            />
          </Form.Item>
        );
      case 'email':
        return (
          <Form.Item
            key={field}
            name={field}
            label={t('shopForm.email')}
            rules={rule(field, editing ? blankToUndefined : asText)}
          >
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              placeholder="shop@example.com"
            />
          </Form.Item>
        );
      case 'productType':
        return <ProductTypeFields key={field} />;
      case 'reason':
        return <ReasonField key={field} />;
      case 'address':
        return (
          <AddressField
            key={field}
            name={field}
            label={t('shopForm.shopAddress')}
            schema={props.shape.address as SafeParser<unknown>}
            translate={translateMessage}
            optional={editing}
            placeholder={t('shopForm.addressPlaceholder')}
            hint={editing ? undefined : t('shopForm.addressHint')}
          />
        );
      case 'areaId':
        return (
          <Form.Item
            key={field}
            name={field}
            label={t('shopForm.area')}
            rules={rule(field, editing ? blankToUndefined : asText)}
            validateTrigger={['onChange', 'onBlur']}
          >
            {editing ? (
              <AreaSelect initial={props.shop?.area} />
            ) : (
              <AreaSelect
                onPick={(area) => {
                  if (area.zoneId && !props.form.getFieldValue('preferredDeliveryZone' as never)) {
                    props.form.setFieldValue('preferredDeliveryZone' as never, area.zoneId);
                  }
                }}
              />
            )}
          </Form.Item>
        );
      case 'pickupAddress':
        return (
          <AddressField
            key={field}
            name={field}
            label={t('shopForm.pickupAddress')}
            schema={props.shape.pickupAddress as SafeParser<unknown>}
            translate={translateMessage}
            optional
            placeholder={t('shopForm.addressPlaceholder')}
            hint={t('shopForm.pickupAddressHint')}
          />
        );
      case 'phone':
        return (
          <Form.Item
            key={field}
            name={field}
            label={t('fields.phone')}
            extra={props.phoneHint}
            rules={rule(field, phoneText)}
          >
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={t('placeholders.phone')}
              size={size}
              maxLength={20}
            />
          </Form.Item>
        );
      case 'returnPhone':
        return (
          <Form.Item
            key={field}
            name={field}
            label={t('shopForm.returnPhone')}
            extra={t('shopForm.returnPhoneHint')}
            rules={rule(field, optionalPhone)}
          >
            <Input type="tel" inputMode="tel" placeholder={t('placeholders.phone')} maxLength={20} />
          </Form.Item>
        );
      case 'preferredDeliveryZone':
        return <DeliveryZoneField key={field} />;
      case 'referrerCode':
        return (
          <Form.Item
            key={field}
            name={field}
            label={t('fields.referralCode')}
            rules={rule(field, (v) => optionalText(v)?.trim())}
          >
            <Input maxLength={32} autoCapitalize="characters" placeholder={t('placeholders.referralCode')} />
          </Form.Item>
        );
      case 'termsAccepted':
      case 'isCurrentTncAccepted':
        return (
          <Form.Item
            key={field}
            name={field}
            valuePropName="checked"
            validateTrigger="onChange"
            rules={rule(field, (v) => v === true)}
          >
            <Checkbox>
              {/* A button inside the label opens the terms without ticking the box. */}
              <Trans i18nKey="register.terms" components={{ terms: termsLink }} />
            </Checkbox>
          </Form.Item>
        );
    }
  };

  return (
    <Form<Values>
      form={props.form}
      name={props.name}
      layout="vertical"
      requiredMark={props.requiredMark}
      validateTrigger="onBlur"
      initialValues={props.initialValues as never}
      onFinish={props.onFinish}
      onValuesChange={props.onValuesChange}
      disabled={props.disabled}
      className={props.className}
    >
      {props.fields.map(render)}
      <FormAlert message={props.error} action={props.errorAction} />
      {props.footer}
    </Form>
  );
}

function DeliveryZoneField() {
  const { t } = useTranslation();
  const language = useLanguage();
  const zones = useZones();
  return (
    <Form.Item name="preferredDeliveryZone" label={t('shopForm.deliveryZone')}>
      <Select
        allowClear
        placeholder={t('shopForm.choose')}
        loading={zones.isPending}
        options={(zones.data?.items ?? []).map((zone) => ({
          value: zone.id,
          label: language === 'bn' ? zone.nameBn : zone.nameEn,
        }))}
      />
    </Form.Item>
  );
}
