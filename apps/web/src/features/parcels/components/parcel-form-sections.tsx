import { addressRules, addressWarning } from '@dak/domain/address';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/light/alert';
import { AreaCombobox } from '../../../components/light/area-combobox';
import { type AreaChoice, areaLabel } from '../../../components/light/area-search';
import { describedBy, LightField } from '../../../components/light/field';
import { useDebounced } from '../../../components/ui/use-debounced';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useParcelCategories } from '../api/list-parcel-categories';
import { usePredictedArea } from '../api/predict-area';
import type { useCustomerHistory } from '../hooks/use-customer-history';
import { Affixed, Section } from './parcel-form-parts';
import { asText, type FieldName, gramsOf, type Kind, kgHint, type ParcelValues } from './parcel-form-values';

/** A pickup location the parcel may leave from (the page passes the shop's active ones). */
export type PickupChoice = { id: string; name: string; area: AreaChoice };

export const idOf = (name: string) => `parcel_${name}`;

/**
 * The booking form's fields as its sections draw them: a control's props (id, value, change and
 * blur, its message's links) and its LightField's (label, hint, message).
 */
export function bindFields({
  values,
  errors,
  update,
  checkOnBlur,
}: {
  values: ParcelValues;
  errors: Partial<Record<FieldName, string>>;
  update: (changed: ParcelValues) => void;
  checkOnBlur: (name: FieldName) => void;
}) {
  return {
    values,
    errors,
    update,
    checkOnBlur,
    control: (name: FieldName, hint?: unknown) => ({
      id: idOf(name),
      name,
      value: asText(values[name]),
      onChange: (event: { target: { value: string } }) => update({ [name]: event.target.value }),
      onBlur: () => checkOnBlur(name),
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': describedBy(idOf(name), { error: errors[name], hint: Boolean(hint) }),
    }),
    field: (name: FieldName, label: string, hint?: ReactNode) => ({
      id: idOf(name),
      label,
      hint,
      error: errors[name],
    }),
  };
}

type Bound = ReturnType<typeof bindFields>;
type CustomerHistory = ReturnType<typeof useCustomerHistory>;

export function PickupSection({ bound, pickups }: { bound: Bound; pickups: PickupChoice[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const pickup = pickups.find((item) => item.id === bound.values.pickupLocationId);
  const hint = pickup ? areaLabel(pickup.area, language) : null;
  return (
    <Section titleId="booking-pickup" title={t('parcels.form.pickupSection')}>
      <LightField {...bound.field('pickupLocationId', t('parcels.fields.pickupLocation'), hint)}>
        <select className="plain-input plain-select" {...bound.control('pickupLocationId', hint)}>
          {pickup ? null : <option value="">{t('parcels.form.pickupPlaceholder')}</option>}
          {pickups.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </LightField>
    </Section>
  );
}

/** A phone number's box: the customer's and the alternate one. */
function PhoneInput(props: ReturnType<Bound['control']>) {
  const { t } = useTranslation();
  return (
    <input
      className="plain-input"
      type="tel"
      inputMode="tel"
      autoComplete="off"
      placeholder={t('placeholders.phone')}
      maxLength={20}
      {...props}
    />
  );
}

/**
 * Phone, name, alternate phone, address and area; what the shop knows of the phone under it, the
 * delivery record's warning, and the area the address names, offered with one click.
 */
export function CustomerSection({
  bound,
  customer: { validPhone, knownCustomer, warning, history },
  area,
  pickArea,
}: {
  bound: Bound;
  customer: CustomerHistory;
  area: AreaChoice | null;
  pickArea: (picked: AreaChoice) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { translateMessage } = useErrorText();
  const { values, errors, field, control } = bound;
  const optional = (label: string) => t('parcels.form.optional', { label });

  // The area the typed address names; the merchant may pick another.
  const address = useDebounced(asText(values.customerAddress).trim(), 600);
  const predicted = usePredictedArea(address);
  const suggestion = predicted.data && predicted.data.id !== values.deliveryAreaId ? predicted.data : null;

  const phoneHint =
    knownCustomer || history ? (
      <span className="booking__customer-notes">
        {knownCustomer && validPhone ? (
          <span data-testid="known-customer">
            {t('parcels.form.knownCustomer', {
              count: knownCustomer.parcelCount,
              n: formatNumber(knownCustomer.parcelCount, language),
            })}
          </span>
        ) : null}
        {history ? (
          <span data-testid="customer-record">
            {t('parcels.form.record', {
              delivered: formatNumber(history.delivered, language),
              returned: formatNumber(history.returned, language),
            })}
          </span>
        ) : null}
      </span>
    ) : null;
  const addressNote = addressWarning(asText(values.customerAddress));
  const addressHint = addressNote ? (
    <span className="field-warning" role="status">
      {translateMessage(addressNote)}
    </span>
  ) : null;
  const areaHint = suggestion ? (
    <span className="area-suggestion" data-testid="area-suggestion">
      {t('parcels.form.suggested', { area: areaLabel(suggestion, language) })}{' '}
      <button type="button" className="link-button area-suggestion__use" onClick={() => pickArea(suggestion)}>
        {t('parcels.form.useSuggestion')}
      </button>
    </span>
  ) : null;

  return (
    <Section titleId="booking-customer" title={t('parcels.form.customerSection')}>
      <div className="form-grid">
        <LightField {...field('customerPhone', t('parcels.fields.customerPhone'), phoneHint)}>
          <PhoneInput {...control('customerPhone', phoneHint)} />
        </LightField>
        <LightField {...field('customerName', t('parcels.fields.customerName'))}>
          <input className="plain-input" maxLength={100} autoComplete="off" {...control('customerName')} />
        </LightField>
      </div>
      {warning ? (
        <Alert
          className="booking__risk"
          type="warning"
          data-testid="success-rate-warning"
          title={t('parcels.form.riskWarning', {
            percent: formatNumber(warning.returnChance ?? 0, language),
            delivered: formatNumber(warning.delivered, language),
            finished: formatNumber(warning.finished, language),
          })}
        />
      ) : null}
      <LightField {...field('alternatePhone', optional(t('parcels.fields.alternatePhone')))}>
        <PhoneInput {...control('alternatePhone')} />
      </LightField>
      <LightField {...field('customerAddress', t('parcels.fields.customerAddress'), addressHint)}>
        <textarea
          className="plain-input plain-textarea"
          rows={2}
          maxLength={addressRules.maxLength}
          placeholder={t('parcels.form.addressPlaceholder')}
          autoComplete="street-address"
          {...control('customerAddress', addressHint)}
        />
      </LightField>
      <LightField {...field('deliveryAreaId', t('parcels.fields.deliveryArea'), areaHint)}>
        <AreaCombobox
          id={idOf('deliveryAreaId')}
          value={area && area.id === values.deliveryAreaId ? area : null}
          onChange={pickArea}
          onBlur={() => bound.checkOnBlur('deliveryAreaId')}
          invalid={Boolean(errors.deliveryAreaId)}
          describedBy={describedBy(idOf('deliveryAreaId'), { error: errors.deliveryAreaId, hint: areaHint })}
        />
      </LightField>
    </Section>
  );
}

/** A whole number's box with its unit (৳ before, g after), as one box. */
function NumberInput({
  prefix,
  suffix,
  maxLength,
  ...props
}: ReturnType<Bound['control']> & { prefix?: string; suffix?: string; maxLength: number }) {
  return (
    <Affixed prefix={prefix} suffix={suffix}>
      <input className="plain-input" inputMode="numeric" maxLength={maxLength} {...props} />
    </Affixed>
  );
}

/** Category and variant, weight, prices, invoice, instructions, the parcel's type and an exchange's return leg. */
export function ParcelSection({
  bound,
  kind,
  customer: { validPhone, reverseOptions },
}: {
  bound: Bound;
  kind: Kind;
  customer: CustomerHistory;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const categories = useParcelCategories();
  const { values, field, control, update } = bound;
  const category = categories.data?.items.find((item) => item.id === values.categoryId);
  const named = (item: { nameEn: string; nameBn: string }) => (language === 'bn' ? item.nameBn : item.nameEn);
  const optional = (label: string) => t('parcels.form.optional', { label });
  const weightHint =
    kgHint(gramsOf(values.weightGrams), language, t('parcels.form.kg')) ?? t('parcels.form.weightHint');
  const typeHint = kind === 'exchange' ? t('parcels.form.exchangeHint') : t('parcels.form.typeHint');
  const returnLegHint = validPhone && reverseOptions.length === 0 ? t('parcels.form.returnLegNone') : null;

  return (
    <Section titleId="booking-parcel" title={t('parcels.form.parcelSection')}>
      <div className="form-grid">
        <LightField {...field('categoryId', optional(t('parcels.fields.category')))}>
          <select className="plain-input plain-select" {...control('categoryId')}>
            <option value="">{t('parcels.form.categoryPlaceholder')}</option>
            {(categories.data?.items ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {named(item)}
              </option>
            ))}
          </select>
        </LightField>
        <LightField {...field('categoryVariantId', optional(t('parcels.fields.variant')))}>
          <select
            className="plain-input plain-select"
            disabled={(category?.variants ?? []).length === 0}
            {...control('categoryVariantId')}
          >
            <option value="">{t('parcels.form.variantPlaceholder')}</option>
            {(category?.variants ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {named(item)}
              </option>
            ))}
          </select>
        </LightField>
        <LightField {...field('weightGrams', t('parcels.fields.weightGrams'), weightHint)}>
          <NumberInput suffix={t('parcels.form.grams')} maxLength={6} {...control('weightGrams', 1)} />
        </LightField>
        <LightField {...field('sellingPrice', t('parcels.fields.sellingPrice'))}>
          <NumberInput prefix="৳" maxLength={7} {...control('sellingPrice')} />
        </LightField>
        <LightField
          {...field('cashCollectionAmount', t('parcels.fields.cashCollection'), t('parcels.form.cashHint'))}
        >
          <NumberInput prefix="৳" maxLength={7} {...control('cashCollectionAmount', 1)} />
        </LightField>
        <LightField {...field('invoiceId', optional(t('parcels.fields.invoiceId')))}>
          <input className="plain-input" maxLength={100} {...control('invoiceId')} />
        </LightField>
      </div>
      <LightField {...field('instructions', optional(t('parcels.fields.instructions')))}>
        <textarea
          className="plain-input plain-textarea"
          rows={2}
          maxLength={500}
          {...control('instructions')}
        />
      </LightField>
      <fieldset className="plain-field booking__kind" aria-describedby="parcel_parcelType_extra">
        <legend className="plain-field__label">{t('parcels.fields.parcelType')}</legend>
        <div className="booking__types">
          {(
            [
              ['forward', t('parcels.parcelTypes.forward')],
              ['reverse', t('parcels.parcelTypes.reverse')],
              ['exchange', t('parcels.form.exchange')],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="booking__type">
              <input
                type="radio"
                name="parcelType"
                value={value}
                checked={kind === value}
                onChange={() => update({ parcelType: value })}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
        <div id="parcel_parcelType_extra" className="light-field__hint">
          {typeHint}
        </div>
      </fieldset>
      {kind === 'exchange' ? (
        <LightField {...field('reverseParcelId', t('parcels.form.returnLeg'), returnLegHint)}>
          <select
            className="plain-input plain-select"
            data-testid="return-leg"
            {...control('reverseParcelId', returnLegHint)}
          >
            <option value="">{t('parcels.form.returnLegNew')}</option>
            {reverseOptions.map((item) => (
              <option key={item.id} value={item.id}>
                {t('parcels.form.returnLegExisting', {
                  trackingId: item.trackingId,
                  name: item.customerName,
                })}
              </option>
            ))}
          </select>
        </LightField>
      ) : null}
    </Section>
  );
}
