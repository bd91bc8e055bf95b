import { type LabelFormat, labelMessages, trackingUrl } from '@dak/domain/labels';
import { formatPhoneLocal } from '@dak/domain/phone';
import { AppError } from '../../errors';
import { buildLabelsPdf, type LabelData } from './labels.pdf';
import type { LabelRow, LabelsRepository } from './labels.repository';

export type LabelsService = ReturnType<typeof createLabelsService>;

const dhakaDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Dhaka',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A hub's id without its `hub-` prefix, in capitals: `hub-dhaka-gulshan` prints as DHAKA-GULSHAN. */
export const hubCode = (hubId: string) => hubId.replace(/^hub-/, '').toUpperCase();

function toLabel(row: LabelRow, baseUrl: string): LabelData {
  return {
    trackingId: row.tracking_id,
    qrText: trackingUrl(baseUrl, row.tracking_id),
    customerName: row.customer_name,
    customerPhone: formatPhoneLocal(row.customer_phone),
    alternatePhone: row.alternate_phone ? formatPhoneLocal(row.alternate_phone) : null,
    address: row.customer_address,
    areaName: row.area_name,
    districtName: row.district_name,
    hubCode: hubCode(row.hub_id),
    codTaka: Number(row.cash_collection_poisha) / 100,
    shopName: row.shop_name,
    invoiceId: row.invoice_id,
    weightGrams: row.weight_grams,
    date: dhakaDate.format(row.created_at),
    reverse: row.parcel_type === 'reverse',
  };
}

/** Parcel labels as one PDF, for parcels of one shop only. */
export function createLabelsService(deps: { repo: LabelsRepository }) {
  return {
    /**
     * The labels of `parcelIds` in the order given (repeats printed once). Any id that is not a
     * parcel of this shop is 404 for the whole request, worded the same whether it exists elsewhere
     * or not; a deleted parcel is refused (409) with its tracking ID.
     */
    async pdf(input: { shopId: string; parcelIds: readonly string[]; format: LabelFormat; baseUrl: string }) {
      const ids = [...new Set(input.parcelIds.map((id) => id.toLowerCase()))];
      const rows = await deps.repo.parcels(input.shopId, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length > 0) {
        throw new AppError('NOT_FOUND', labelMessages.notFound, { parcelIds: missing });
      }
      const deleted = rows.filter((row) => row.status === 'deleted').map((row) => row.tracking_id);
      if (deleted.length > 0) {
        throw new AppError('CONFLICT', `${labelMessages.deleted}: ${deleted.join(', ')}`, {
          trackingIds: deleted,
        });
      }
      const ordered = ids.map((id) => byId.get(id)).filter((row): row is LabelRow => Boolean(row));
      const bytes = await buildLabelsPdf(
        ordered.map((row) => toLabel(row, input.baseUrl)),
        input.format,
      );
      const first = ordered[0]?.tracking_id ?? 'parcel';
      const filename =
        ordered.length === 1 ? `label-${first}.pdf` : `labels-${ordered.length}-${input.format}-${first}.pdf`;
      return { bytes, filename };
    },
  };
}
