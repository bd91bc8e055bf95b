import type { Parcel } from '@dak/domain/parcel';
import { type ParcelCreate, parcelCreateSchema } from '@dak/domain/parcel';
import { checkWeight } from '@dak/domain/pricing';
import { type FormEvent, Suspense, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { AreaChoice } from '../../../components/light/area-search';
import { useWide } from '../../../components/light/use-phone';
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
import { useCustomerHistory } from '../hooks/use-customer-history';
import type { ConfirmStep } from './booking-confirm';
import { ChargeSummary } from './charge-summary';
import {
  bindFields,
  CustomerSection,
  ParcelSection,
  type PickupChoice,
  PickupSection,
} from './parcel-form-sections';
import {
  digitsText,
  type FieldName,
  fieldCheck,
  fields,
  gramsOf,
  type Kind,
  type ParcelValues,
  prepare,
} from './parcel-form-values';
import './booking.css';
import './parcels.css';

type ParcelFormProps = {
  shopId: string;
  pickups: PickupChoice[];
  onBooked: (parcel: Parcel) => void;
};

// The questions before booking are rare: they bring antd's dialog only when asked (issue 16).
const BookingConfirm = withAntd(async () => (await import('./booking-confirm')).BookingConfirm);

/** Checked as they change (a pick, a number); the typed ones when they lose focus, as before. */
const checkedOnChange = new Set<FieldName>(['pickupLocationId', 'deliveryAreaId', 'weightGrams']);

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
  // On a computer the charge stays beside the form; on a phone it sits just above the button.
  const wide = useWide();

  const pickup = pickups.find((item) => item.id === values.pickupLocationId);
  const grams = gramsOf(values.weightGrams);
  const cashText = digitsText(values.cashCollectionAmount);
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
  const customer = useCustomerHistory({
    shopId,
    form,
    phone: digitsText(values.customerPhone),
    kind,
    onArea: setArea,
  });

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
    const { warning } = customer;
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

  const bound = bindFields({ values, errors, update, checkOnBlur });

  const summary = (
    <ChargeSummary
      quote={chargeRequest ? charge.data : undefined}
      incomplete={chargeRequest === null}
      loading={charge.isFetching || !settled}
      error={chargeRequest && charge.isError ? errorText(charge.error) : null}
    />
  );

  const busy = create.isPending || createExchange.isPending;

  return (
    <div className="booking">
      <form ref={formRef} name="parcel" className="booking__form" noValidate onSubmit={submit}>
        <PickupSection bound={bound} pickups={pickups} />
        <CustomerSection bound={bound} customer={customer} area={area} pickArea={pickArea} />
        <ParcelSection bound={bound} kind={kind} customer={customer} />
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
