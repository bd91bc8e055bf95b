import { addressRules, addressWarning } from '@dak/domain/address';
import type { Parcel } from '@dak/domain/parcel';
import { type ParcelCreate, parcelCreateSchema } from '@dak/domain/parcel';
import { checkWeight } from '@dak/domain/pricing';
import { type FormEvent, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/light/alert';
import { AreaCombobox } from '../../../components/light/area-combobox';
import { type AreaChoice, areaLabel } from '../../../components/light/area-search';
import { describedBy, LightField } from '../../../components/light/field';
import { withAntd } from '../../../components/light/with-antd';
import { FormAlert } from '../../../components/ui/form-alert';
import { SubmitButton } from '../../../components/ui/plain-form';
import { useDebounced } from '../../../components/ui/use-debounced';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { type FieldSetter, parseForm, showFieldErrors } from '../../../lib/form-validation';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useCreateExchange } from '../api/create-exchange';
import { useCreateParcel } from '../api/create-parcel';
import { type ChargeRequest, useCharge } from '../api/get-charge';
import { useParcelCategories } from '../api/list-parcel-categories';
import { usePredictedArea } from '../api/predict-area';
import { useCustomerHistory } from '../hooks/use-customer-history';
import type { ConfirmStep } from './booking-confirm';
import { ChargeSummary } from './charge-summary';
import { Affixed, Section, useWide } from './parcel-form-parts';
import {
  asText,
  digitsText,
  type FieldName,
  fieldCheck,
  fields,
  gramsOf,
  type Kind,
  kgHint,
  type ParcelValues,
  prepare,
} from './parcel-form-values';
import './booking.css';
import './parcels.css';

/** A pickup location the parcel may leave from (the page passes the shop's active ones). */
export type PickupChoice = { id: string; name: string; area: AreaChoice };

type ParcelFormProps = {
  shopId: string;
  pickups: PickupChoice[];
  onBooked: (parcel: Parcel) => void;
};

// The questions before booking are rare: they bring antd's dialog only when asked (issue 16).
const BookingConfirm = withAntd(async () => (await import('./booking-confirm')).BookingConfirm);

/** Checked as they change (a pick, a number); the typed ones when they lose focus, as before. */
const checkedOnChange = new Set<FieldName>(['pickupLocationId', 'deliveryAreaId', 'weightGrams']);
const idOf = (name: string) => `parcel_${name}`;

type Errors = Partial<Record<FieldName, string>>;
type Confirming = { key: number; steps: ConfirmStep[]; run: () => Promise<void> };

/**
 * Book one parcel: pickup, customer, parcel; the charge follows the form live. Plain React (no
 * antd: issue 16). The shared booking schema is the only rulebook (the server runs the same one):
 * a field is checked by its rule when it loses focus (a pick or a weight as it changes) and all of
 * them on submit. Each submission gets an Idempotency-Key; a retry of the same values keeps it,
 * so a double click or a retry books once.
 */
export function ParcelForm({ shopId, pickups, onBooked }: ParcelFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText, translateMessage } = useErrorText();
  const [values, setValues] = useState<ParcelValues>(() => ({
    pickupLocationId: pickups[0]?.id,
    parcelType: 'forward',
    reverseParcelId: '',
  }));
  const [area, setArea] = useState<AreaChoice | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const current = useRef(values);
  current.current = values;
  const create = useCreateParcel();
  const createExchange = useCreateExchange();
  const categories = useParcelCategories();
  // On a computer the charge stays beside the form; on a phone it sits just above the button.
  const wide = useWide();

  const pickup = pickups.find((item) => item.id === values.pickupLocationId);
  const grams = gramsOf(values.weightGrams);
  const cashText = digitsText(values.cashCollectionAmount);
  const category = categories.data?.items.find((item) => item.id === values.categoryId);
  const kind: Kind = values.parcelType ?? 'forward';

  // The charge needs both areas and a weight the server accepts; cash may still be empty (0).
  const chargeRequest: ChargeRequest | null =
    pickup && values.deliveryAreaId && grams !== undefined && !checkWeight(grams)
      ? {
          pickupAreaId: pickup.area.id,
          deliveryAreaId: values.deliveryAreaId,
          weightGrams: grams,
          cash: /^(0|[1-9]\d{0,6})$/.test(cashText) ? Number(cashText) : 0,
          categoryId: values.categoryId || undefined,
          categoryVariantId: values.categoryVariantId || undefined,
          exchange: kind === 'exchange' || undefined,
        }
      : null;
  const debouncedRequest = useDebounced(chargeRequest, 400);
  const requestKey = JSON.stringify(chargeRequest);
  const settled = JSON.stringify(debouncedRequest) === requestKey;
  const charge = useCharge(shopId, settled ? chargeRequest : debouncedRequest);

  /** The field's message by its shared rule, or undefined when its value passes. */
  const check = (name: FieldName, from: ParcelValues) => {
    const rule = fieldCheck[name];
    if (!rule) return undefined;
    const prepared = rule.prepare(from[name]);
    const result = rule.schema.safeParse(prepared);
    if (result.success) return undefined;
    const whenEmpty =
      name === 'deliveryAreaId'
        ? t('messages.areaRequired')
        : name === 'weightGrams'
          ? t('parcels.form.weightRequired')
          : name === 'sellingPrice' || name === 'cashCollectionAmount'
            ? t('validation.required', {
                field: t(
                  name === 'sellingPrice' ? 'parcels.fields.sellingPrice' : 'parcels.fields.cashCollection',
                ),
              })
            : undefined;
    if (whenEmpty && (prepared === undefined || prepared === '')) return whenEmpty;
    return translateMessage(result.error.issues[0]?.message ?? '');
  };

  // The server's and the whole schema's messages land under their fields.
  const setter: FieldSetter = {
    setFields: (shown: Array<{ name: string; errors: string[] }>) =>
      setErrors((before) => {
        const next = { ...before };
        for (const field of shown) next[field.name as FieldName] = field.errors[0];
        return next;
      }),
  };

  const update = (changed: ParcelValues) => {
    setError(null);
    const next = { ...current.current, ...changed };
    if ('categoryId' in changed) next.categoryVariantId = undefined;
    if ('parcelType' in changed || 'customerPhone' in changed) next.reverseParcelId = '';
    current.current = next;
    setValues(next);
    setErrors((before) => {
      const after = { ...before };
      for (const name of Object.keys(changed) as FieldName[]) {
        after[name] = checkedOnChange.has(name) ? check(name, next) : undefined;
      }
      return after;
    });
  };
  const checkOnBlur = (name: FieldName) =>
    setErrors((before) => ({ ...before, [name]: check(name, current.current) }));

  const pickArea = (picked: AreaChoice) => {
    setArea(picked);
    update({ deliveryAreaId: picked.id });
  };

  const form = useMemo(
    () => ({
      getFieldsValue: () => current.current,
      setFieldsValue: (fill: ParcelValues) => {
        current.current = { ...current.current, ...fill };
        setValues(current.current);
      },
    }),
    [],
  );
  const { validPhone, knownCustomer, warning, history, reverseOptions } = useCustomerHistory({
    shopId,
    form,
    phone: digitsText(values.customerPhone),
    kind,
    onArea: setArea,
  });

  // The area the typed address names, offered with one click; the merchant may pick another.
  const address = useDebounced(asText(values.customerAddress).trim(), 600);
  const predicted = usePredictedArea(address);
  const suggestion = predicted.data && predicted.data.id !== values.deliveryAreaId ? predicted.data : null;

  const book = async (input: ParcelCreate, exchange: { reverseParcelId?: string } | null) => {
    const body = JSON.stringify({ input, exchange });
    if (!attempt.current || attempt.current.body !== body) {
      attempt.current = { key: crypto.randomUUID(), body };
    }
    try {
      const idempotencyKey = attempt.current.key;
      const parcel = exchange
        ? (
            await createExchange.mutateAsync({
              shopId,
              input: { forwardParcelInfo: input, ...exchange, sourcePanel: 'merchant' },
              idempotencyKey,
            })
          ).forward
        : await create.mutateAsync({ shopId, input, idempotencyKey });
      attempt.current = null;
      if (parcel) onBooked(parcel);
    } catch (cause) {
      if (!showFieldErrors(setter, fields, fieldErrors(cause), translateMessage)) setError(errorText(cause));
    }
  };

  /** The first field with a message, in the page's order: scrolled to and focused. */
  const focusFirstInvalid = () => {
    const element = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus({ preventScroll: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || createExchange.isPending) return;
    setError(null);
    const found: Errors = {};
    for (const name of fields) found[name] = check(name, values);
    // Rendered at once, so the first message's field can take the focus.
    flushSync(() => setErrors(found));
    if (fields.some((name) => found[name])) return focusFirstInvalid();
    const parsed: { input: ParcelCreate | null } = { input: null };
    flushSync(() => {
      parsed.input = parseForm(setter, parcelCreateSchema, prepare(values), translateMessage);
    });
    const input = parsed.input;
    if (!input) return focusFirstInvalid();
    // Each question in turn (spec 5): a low delivery record, then a reverse parcel; then book.
    const steps: ConfirmStep[] = [];
    if (warning && warning.returnChance !== null) {
      steps.push({
        title: t('parcels.form.riskConfirmTitle'),
        content: t('parcels.form.riskConfirmBody', { percent: formatNumber(warning.returnChance, language) }),
        okText: t('parcels.form.riskConfirmOk'),
      });
    }
    if (input.parcelType === 'reverse') {
      steps.push({
        title: t('parcels.form.reverseConfirmTitle'),
        content: t('parcels.form.reverseConfirmBody'),
        okText: t('parcels.form.reverseConfirmOk'),
      });
    }
    const exchange =
      values.parcelType === 'exchange' ? { reverseParcelId: values.reverseParcelId || undefined } : null;
    if (exchange) {
      steps.push({
        title: t('parcels.form.exchangeConfirmTitle'),
        content: exchange.reverseParcelId
          ? t('parcels.form.exchangeConfirmLinkBody')
          : t('parcels.form.exchangeConfirmBody'),
        okText: t('parcels.form.exchangeConfirmOk'),
      });
    }
    if (steps.length === 0) return book(input, exchange);
    setConfirming((before) => ({ key: (before?.key ?? 0) + 1, steps, run: () => book(input, exchange) }));
  };

  const named = (item: { nameEn: string; nameBn: string }) => (language === 'bn' ? item.nameBn : item.nameEn);
  const optional = (label: string) => t('parcels.form.optional', { label });

  /** The props a control needs for its field: id, value, change and blur, and its message's links. */
  const control = (name: FieldName, hint?: unknown) => ({
    id: idOf(name),
    name,
    value: asText(values[name]),
    onChange: (event: { target: { value: string } }) => update({ [name]: event.target.value }),
    onBlur: () => checkOnBlur(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(idOf(name), { error: errors[name], hint: Boolean(hint) }),
  });
  const field = (name: FieldName, label: string, hint?: ReactNode) => ({
    id: idOf(name),
    label,
    hint,
    error: errors[name],
  });

  const summary = (
    <ChargeSummary
      quote={chargeRequest ? charge.data : undefined}
      incomplete={chargeRequest === null}
      loading={charge.isFetching || !settled}
      error={chargeRequest && charge.isError ? errorText(charge.error) : null}
    />
  );

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
  const pickupHint = pickup ? areaLabel(pickup.area, language) : null;
  const weightHint = kgHint(grams, language, t('parcels.form.kg')) ?? t('parcels.form.weightHint');
  const typeHint = kind === 'exchange' ? t('parcels.form.exchangeHint') : t('parcels.form.typeHint');
  const returnLegHint = validPhone && reverseOptions.length === 0 ? t('parcels.form.returnLegNone') : null;
  const busy = create.isPending || createExchange.isPending;

  return (
    <div className="booking">
      <form ref={formRef} name="parcel" className="booking__form" noValidate onSubmit={submit}>
        <Section titleId="booking-pickup" title={t('parcels.form.pickupSection')}>
          <LightField {...field('pickupLocationId', t('parcels.fields.pickupLocation'), pickupHint)}>
            <select className="plain-input plain-select" {...control('pickupLocationId', pickupHint)}>
              {pickup ? null : <option value="">{t('parcels.form.pickupPlaceholder')}</option>}
              {pickups.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </LightField>
        </Section>

        <Section titleId="booking-customer" title={t('parcels.form.customerSection')}>
          <div className="form-grid">
            <LightField {...field('customerPhone', t('parcels.fields.customerPhone'), phoneHint)}>
              <input
                className="plain-input"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder={t('placeholders.phone')}
                maxLength={20}
                {...control('customerPhone', phoneHint)}
              />
            </LightField>
            <LightField {...field('customerName', t('parcels.fields.customerName'))}>
              <input
                className="plain-input"
                maxLength={100}
                autoComplete="off"
                {...control('customerName')}
              />
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
            <input
              className="plain-input"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder={t('placeholders.phone')}
              maxLength={20}
              {...control('alternatePhone')}
            />
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
              onBlur={() => checkOnBlur('deliveryAreaId')}
              invalid={Boolean(errors.deliveryAreaId)}
              describedBy={describedBy(idOf('deliveryAreaId'), {
                error: errors.deliveryAreaId,
                hint: areaHint,
              })}
            />
          </LightField>
        </Section>

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
              <Affixed suffix={t('parcels.form.grams')}>
                <input
                  className="plain-input"
                  inputMode="numeric"
                  maxLength={6}
                  {...control('weightGrams', 1)}
                />
              </Affixed>
            </LightField>
            <LightField {...field('sellingPrice', t('parcels.fields.sellingPrice'))}>
              <Affixed prefix="৳">
                <input
                  className="plain-input"
                  inputMode="numeric"
                  maxLength={7}
                  {...control('sellingPrice')}
                />
              </Affixed>
            </LightField>
            <LightField
              {...field(
                'cashCollectionAmount',
                t('parcels.fields.cashCollection'),
                t('parcels.form.cashHint'),
              )}
            >
              <Affixed prefix="৳">
                <input
                  className="plain-input"
                  inputMode="numeric"
                  maxLength={7}
                  {...control('cashCollectionAmount', 1)}
                />
              </Affixed>
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
        {wide ? null : summary}
        <FormAlert message={error} />
        <div className="form-actions booking__actions">
          <SubmitButton loading={busy}>
            {kind === 'exchange' ? t('parcels.form.submitExchange') : t('parcels.form.submit')}
          </SubmitButton>
        </div>
      </form>
      {wide ? <aside className="booking__aside">{summary}</aside> : null}
      {confirming ? (
        <Suspense fallback={null}>
          <BookingConfirm
            key={confirming.key}
            steps={confirming.steps}
            cancelText={t('actions.cancel')}
            onConfirmed={confirming.run}
            onCancel={() => setConfirming(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
