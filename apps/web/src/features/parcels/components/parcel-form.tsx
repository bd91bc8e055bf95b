import type { Parcel } from '@dak/domain/parcel';
import { type ParcelCreate, parcelCreateSchema } from '@dak/domain/parcel';
import { checkWeight } from '@dak/domain/pricing';
import { Alert, App, Button, Form, Grid, Input, Radio, Select } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressField } from '../../../components/ui/address-field';
import { type AreaChoice, AreaSelect, areaLabel } from '../../../components/ui/area-select';
import { FormAlert } from '../../../components/ui/form-alert';
import { useDebounced } from '../../../components/ui/use-debounced';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useCreateExchange } from '../api/create-exchange';
import { useCreateParcel } from '../api/create-parcel';
import { type ChargeRequest, useCharge } from '../api/get-charge';
import { useParcelCategories } from '../api/list-parcel-categories';
import { usePredictedArea } from '../api/predict-area';
import { useCustomerHistory } from '../hooks/use-customer-history';
import { ChargeSummary } from './charge-summary';
import {
  asText,
  digitsText,
  fields,
  gramsOf,
  type Kind,
  kgHint,
  type ParcelValues,
  prepare,
  shape,
} from './parcel-form-values';
import './parcels.css';
import { PageCard } from '../../../components/ui/page-card';

/** A pickup location the parcel may leave from (the page passes the shop's active ones). */
export type PickupChoice = { id: string; name: string; area: AreaChoice };

type ParcelFormProps = {
  shopId: string;
  pickups: PickupChoice[];
  onBooked: (parcel: Parcel) => void;
};

/**
 * Book one parcel: pickup, customer, parcel; the charge follows the form live. The shared booking
 * schema is the only rulebook (the server runs the same one). Each submission gets an
 * Idempotency-Key; a retry of the same values keeps it, so a double click or a retry books once.
 */
export function ParcelForm({ shopId, pickups, onBooked }: ParcelFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { modal } = App.useApp();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<ParcelValues>();
  const [error, setError] = useState<string | null>(null);
  const [areaKey, setAreaKey] = useState(0);
  const [areaInitial, setAreaInitial] = useState<AreaChoice | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const create = useCreateParcel();
  const createExchange = useCreateExchange();
  const categories = useParcelCategories();
  // On a computer the charge stays beside the form; on a phone it sits just above the button.
  const wide = Grid.useBreakpoint().lg === true;

  const watched = Form.useWatch([], form) as ParcelValues | undefined;
  const values = watched ?? {};
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

  const { validPhone, knownCustomer, warning, history, reverseOptions } = useCustomerHistory({
    shopId,
    form,
    phone: digitsText(values.customerPhone),
    kind,
    onArea: (area) => {
      setAreaInitial(area);
      setAreaKey((key) => key + 1);
    },
  });

  // The area the typed address names, offered with one click; the merchant may pick another.
  const address = useDebounced(asText(values.customerAddress).trim(), 600);
  const predicted = usePredictedArea(address);
  const suggestion = predicted.data && predicted.data.id !== values.deliveryAreaId ? predicted.data : null;

  const applySuggestion = () => {
    if (!suggestion) return;
    setAreaInitial(suggestion);
    setAreaKey((key) => key + 1);
    form.setFieldValue('deliveryAreaId', suggestion.id);
    void form.validateFields(['deliveryAreaId']);
  };

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
      if (!showFieldErrors(form, fields, fieldErrors(cause), translateMessage)) setError(errorText(cause));
    }
  };

  const finish = async (formValues: ParcelValues) => {
    setError(null);
    const input = parseForm(form, parcelCreateSchema, prepare(formValues), translateMessage);
    if (!input) return;
    // Each question in turn (spec 5): a low delivery record, then a reverse parcel; then book.
    const steps: Array<{ title: string; content: string; okText: string }> = [];
    if (warning && warning.returnChance !== null) {
      steps.push({
        title: t('parcels.form.riskConfirmTitle'),
        content: t('parcels.form.riskConfirmBody', {
          percent: formatNumber(warning.returnChance, language),
        }),
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
      formValues.parcelType === 'exchange'
        ? { reverseParcelId: formValues.reverseParcelId || undefined }
        : null;
    if (exchange) {
      steps.push({
        title: t('parcels.form.exchangeConfirmTitle'),
        content: exchange.reverseParcelId
          ? t('parcels.form.exchangeConfirmLinkBody')
          : t('parcels.form.exchangeConfirmBody'),
        okText: t('parcels.form.exchangeConfirmOk'),
      });
    }
    const ask = (index: number) => {
      const step = steps[index];
      if (!step) return book(input, exchange);
      modal.confirm({ ...step, cancelText: t('actions.cancel'), onOk: () => ask(index + 1) });
      return Promise.resolve();
    };
    await ask(0);
  };

  const categoryOptions = useMemo(
    () =>
      (categories.data?.items ?? []).map((item) => ({
        value: item.id,
        label: language === 'bn' ? item.nameBn : item.nameEn,
      })),
    [categories.data, language],
  );
  const variantOptions = (category?.variants ?? []).map((item) => ({
    value: item.id,
    label: language === 'bn' ? item.nameBn : item.nameEn,
  }));

  const summary = (
    <ChargeSummary
      quote={chargeRequest ? charge.data : undefined}
      incomplete={chargeRequest === null}
      loading={charge.isFetching || !settled}
      error={chargeRequest && charge.isError ? errorText(charge.error) : null}
    />
  );

  return (
    <div className="booking">
      <Form
        form={form}
        name="parcel"
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        className="booking__form"
        initialValues={{ pickupLocationId: pickups[0]?.id, parcelType: 'forward', reverseParcelId: '' }}
        onFinish={finish}
        onValuesChange={(changed: ParcelValues) => {
          setError(null);
          if ('categoryId' in changed) form.setFieldValue('categoryVariantId', undefined);
          if ('parcelType' in changed || 'customerPhone' in changed) {
            form.setFieldValue('reverseParcelId', '');
          }
        }}
        scrollToFirstError={{ block: 'center' }}
      >
        <PageCard titleId="booking-pickup" title={t('parcels.form.pickupSection')}>
          <Form.Item
            name="pickupLocationId"
            label={t('parcels.fields.pickupLocation')}
            rules={[schemaRule(shape.pickupLocationId, translateMessage, asText)]}
            validateTrigger={['onChange', 'onBlur']}
            extra={pickup ? areaLabel(pickup.area, language) : null}
          >
            <Select<string>
              options={pickups.map((item) => ({ value: item.id, label: item.name }))}
              placeholder={t('parcels.form.pickupPlaceholder')}
            />
          </Form.Item>
        </PageCard>

        <PageCard titleId="booking-customer" title={t('parcels.form.customerSection')}>
          <div className="form-grid">
            <Form.Item
              name="customerPhone"
              label={t('parcels.fields.customerPhone')}
              rules={[schemaRule(shape.customerPhone, translateMessage, digitsText)]}
              extra={
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
                ) : null
              }
            >
              <Input type="tel" inputMode="tel" placeholder={t('placeholders.phone')} maxLength={20} />
            </Form.Item>
            <Form.Item
              name="customerName"
              label={t('parcels.fields.customerName')}
              rules={[schemaRule(shape.customerName, translateMessage, asText)]}
            >
              <Input maxLength={100} autoComplete="off" />
            </Form.Item>
          </div>
          {warning ? (
            <Alert
              className="booking__risk"
              type="warning"
              showIcon
              data-testid="success-rate-warning"
              title={t('parcels.form.riskWarning', {
                percent: formatNumber(warning.returnChance ?? 0, language),
                delivered: formatNumber(warning.delivered, language),
                finished: formatNumber(warning.finished, language),
              })}
            />
          ) : null}
          <Form.Item
            name="alternatePhone"
            label={t('parcels.form.optional', { label: t('parcels.fields.alternatePhone') })}
            rules={[schemaRule(shape.alternatePhone, translateMessage, digitsText)]}
          >
            <Input type="tel" inputMode="tel" placeholder={t('placeholders.phone')} maxLength={20} />
          </Form.Item>
          <AddressField
            name="customerAddress"
            label={t('parcels.fields.customerAddress')}
            schema={shape.customerAddress}
            translate={translateMessage}
            placeholder={t('parcels.form.addressPlaceholder')}
          />
          <Form.Item
            name="deliveryAreaId"
            label={t('parcels.fields.deliveryArea')}
            rules={[schemaRule(shape.deliveryAreaId, translateMessage, asText, t('messages.areaRequired'))]}
            validateTrigger={['onChange', 'onBlur']}
            extra={
              suggestion ? (
                <span className="area-suggestion" data-testid="area-suggestion">
                  {t('parcels.form.suggested', { area: areaLabel(suggestion, language) })}{' '}
                  <Button size="small" type="link" onClick={applySuggestion} className="area-suggestion__use">
                    {t('parcels.form.useSuggestion')}
                  </Button>
                </span>
              ) : null
            }
          >
            <AreaSelect key={areaKey} initial={areaInitial} />
          </Form.Item>
        </PageCard>

        <PageCard titleId="booking-parcel" title={t('parcels.form.parcelSection')}>
          <div className="form-grid">
            <Form.Item
              name="categoryId"
              label={t('parcels.form.optional', { label: t('parcels.fields.category') })}
            >
              <Select<string>
                allowClear
                loading={categories.isPending}
                options={categoryOptions}
                placeholder={t('parcels.form.categoryPlaceholder')}
              />
            </Form.Item>
            <Form.Item
              name="categoryVariantId"
              label={t('parcels.form.optional', { label: t('parcels.fields.variant') })}
            >
              <Select<string>
                allowClear
                disabled={variantOptions.length === 0}
                options={variantOptions}
                placeholder={t('parcels.form.variantPlaceholder')}
              />
            </Form.Item>
            <Form.Item
              name="weightGrams"
              label={t('parcels.fields.weightGrams')}
              rules={[
                schemaRule(shape.weightGrams, translateMessage, gramsOf, t('parcels.form.weightRequired')),
              ]}
              validateTrigger={['onChange', 'onBlur']}
              extra={kgHint(grams, language, t('parcels.form.kg')) ?? t('parcels.form.weightHint')}
            >
              <Input inputMode="numeric" suffix={t('parcels.form.grams')} maxLength={6} />
            </Form.Item>
            <Form.Item
              name="sellingPrice"
              label={t('parcels.fields.sellingPrice')}
              rules={[
                schemaRule(
                  shape.sellingPrice,
                  translateMessage,
                  digitsText,
                  t('validation.required', { field: t('parcels.fields.sellingPrice') }),
                ),
              ]}
            >
              <Input inputMode="numeric" prefix="৳" maxLength={7} />
            </Form.Item>
            <Form.Item
              name="cashCollectionAmount"
              label={t('parcels.fields.cashCollection')}
              rules={[
                schemaRule(
                  shape.cashCollectionAmount,
                  translateMessage,
                  digitsText,
                  t('validation.required', { field: t('parcels.fields.cashCollection') }),
                ),
              ]}
              extra={t('parcels.form.cashHint')}
            >
              <Input inputMode="numeric" prefix="৳" maxLength={7} />
            </Form.Item>
            <Form.Item
              name="invoiceId"
              label={t('parcels.form.optional', { label: t('parcels.fields.invoiceId') })}
              rules={[schemaRule(shape.invoiceId, translateMessage, asText)]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </div>
          <Form.Item
            name="instructions"
            label={t('parcels.form.optional', { label: t('parcels.fields.instructions') })}
            rules={[schemaRule(shape.instructions, translateMessage, asText)]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
          </Form.Item>
          <Form.Item
            name="parcelType"
            label={t('parcels.fields.parcelType')}
            extra={kind === 'exchange' ? t('parcels.form.exchangeHint') : t('parcels.form.typeHint')}
          >
            <Radio.Group
              className="booking__types"
              options={[
                { value: 'forward', label: t('parcels.parcelTypes.forward') },
                { value: 'reverse', label: t('parcels.parcelTypes.reverse') },
                { value: 'exchange', label: t('parcels.form.exchange') },
              ]}
            />
          </Form.Item>
          {kind === 'exchange' ? (
            <Form.Item
              name="reverseParcelId"
              label={t('parcels.form.returnLeg')}
              extra={validPhone && reverseOptions.length === 0 ? t('parcels.form.returnLegNone') : null}
            >
              <Select<string>
                data-testid="return-leg"
                options={[
                  { value: '', label: t('parcels.form.returnLegNew') },
                  ...reverseOptions.map((item) => ({
                    value: item.id,
                    label: t('parcels.form.returnLegExisting', {
                      trackingId: item.trackingId,
                      name: item.customerName,
                    }),
                  })),
                ]}
              />
            </Form.Item>
          ) : null}
        </PageCard>
        {wide ? null : summary}
        <FormAlert message={error} />
        <div className="form-actions booking__actions">
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            loading={create.isPending || createExchange.isPending}
          >
            {kind === 'exchange' ? t('parcels.form.submitExchange') : t('parcels.form.submit')}
          </Button>
        </div>
      </Form>
      {wide ? <aside className="booking__aside">{summary}</aside> : null}
    </div>
  );
}
