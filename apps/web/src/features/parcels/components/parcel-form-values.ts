import { parcelCreateSchema } from '@dak/domain/parcel';
import type { ParcelType } from '@dak/domain/parcel-status';
import type { SafeParser } from '../../../lib/form-validation';
import { formatNumber, toLatinDigits } from '../../../lib/format';

/** The booking form's values as the form holds them (text as typed), and how they become the booking input. */
export type ParcelValues = {
  pickupLocationId?: string;
  customerName?: string;
  customerPhone?: string;
  alternatePhone?: string;
  customerAddress?: string;
  deliveryAreaId?: string;
  categoryId?: string;
  categoryVariantId?: string;
  weightGrams?: string;
  sellingPrice?: string;
  cashCollectionAmount?: string;
  invoiceId?: string;
  instructions?: string;
  /** The form offers a third kind: an exchange (a forward parcel and its reverse leg). */
  parcelType?: ParcelType | 'exchange';
  /** Exchange only: an existing reverse parcel to link; empty books a new reverse leg. */
  reverseParcelId?: string;
};

export type Kind = NonNullable<ParcelValues['parcelType']>;
export type FieldName = keyof ParcelValues;

export const fields = [
  'pickupLocationId',
  'customerName',
  'customerPhone',
  'alternatePhone',
  'customerAddress',
  'deliveryAreaId',
  'categoryId',
  'categoryVariantId',
  'weightGrams',
  'sellingPrice',
  'cashCollectionAmount',
  'invoiceId',
  'instructions',
  'parcelType',
] as const;

export const shape = parcelCreateSchema.shape;
export const asText = (value: unknown) => (typeof value === 'string' ? value : '');
export const digitsText = (value: unknown) => toLatinDigits(asText(value)).trim();
/** Grams as typed (Bengali digits too); empty stays undefined so the field says it is required. */
export const gramsOf = (value: unknown): number | undefined => {
  const text = digitsText(value);
  return text === '' ? undefined : Number(text);
};

/** Each checked field's shared rule and how its text becomes what the rule (and the API) reads. */
export const fieldCheck: Partial<
  Record<FieldName, { schema: SafeParser<unknown>; prepare: (value: unknown) => unknown }>
> = {
  pickupLocationId: { schema: shape.pickupLocationId, prepare: asText },
  customerPhone: { schema: shape.customerPhone, prepare: digitsText },
  customerName: { schema: shape.customerName, prepare: asText },
  alternatePhone: { schema: shape.alternatePhone, prepare: digitsText },
  customerAddress: { schema: shape.customerAddress, prepare: asText },
  deliveryAreaId: { schema: shape.deliveryAreaId, prepare: asText },
  weightGrams: { schema: shape.weightGrams, prepare: gramsOf },
  sellingPrice: { schema: shape.sellingPrice, prepare: digitsText },
  cashCollectionAmount: { schema: shape.cashCollectionAmount, prepare: digitsText },
  invoiceId: { schema: shape.invoiceId, prepare: asText },
  instructions: { schema: shape.instructions, prepare: asText },
};

export function prepare(values: ParcelValues) {
  return {
    pickupLocationId: asText(values.pickupLocationId),
    customerName: asText(values.customerName),
    customerPhone: digitsText(values.customerPhone),
    alternatePhone: digitsText(values.alternatePhone),
    customerAddress: asText(values.customerAddress),
    deliveryAreaId: asText(values.deliveryAreaId),
    categoryId: asText(values.categoryId),
    categoryVariantId: asText(values.categoryVariantId),
    weightGrams: gramsOf(values.weightGrams) ?? 0,
    sellingPrice: digitsText(values.sellingPrice),
    cashCollectionAmount: digitsText(values.cashCollectionAmount),
    invoiceId: asText(values.invoiceId),
    instructions: asText(values.instructions),
    parcelType: values.parcelType === 'reverse' ? ('reverse' as const) : ('forward' as const),
  };
}

/** Kilograms for the hint under the weight: 1500 → "1.5 kg". */
export function kgHint(grams: number | undefined, language: 'en' | 'bn', unit: string): string | null {
  if (grams === undefined || !Number.isFinite(grams) || grams < 1000) return null;
  return `= ${formatNumber(Math.round(grams / 10) / 100, language)} ${unit}`;
}
