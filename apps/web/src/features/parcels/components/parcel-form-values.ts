import { parcelCreateSchema } from '@dak/domain/parcel';
import type { ParcelType } from '@dak/domain/parcel-status';
import { formatNumber, toLatinDigits } from '../../../lib/format';

/** The booking form's values as antd holds them (text as typed), and how they become the booking input. */
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
