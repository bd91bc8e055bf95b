import { parcelListSchema } from '@dak/domain/parcel';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { type BookingMerchant, bookingMerchant, bookParcel } from '../../../test/operations-fixtures';
import { serialiseAnswer } from '../../lib/json-answer';
import { serialiseParcelList } from './parcels.routes';

/**
 * The parcel list's prebuilt serializer (issue 16) writes what zod's encode would, byte for byte:
 * the page as the server sends it, read back with its dates, serialised both ways.
 */
const t = useTestApp();
let merchant: BookingMerchant;

beforeAll(async () => {
  merchant = await bookingMerchant(t);
  await bookParcel(t, merchant);
  await bookParcel(t, merchant, {
    invoiceId: 'INV-77',
    alternatePhone: '01812345678',
    instructions: 'Call first',
  });
  await bookParcel(t, merchant, { customerName: 'রহিমা বেগম', customerAddress: 'House 9, Road 2, Banani' });
});

type Page = { items: Record<string, unknown>[]; count: number; countCapped: boolean };

async function page(query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/shops/${merchant.shop.id}/parcels${query}`,
    headers: { authorization: `Bearer ${merchant.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<Page>();
  const items = body.items.map(
    (p): Record<string, unknown> => ({
      ...p,
      createdAt: new Date(p.createdAt as string),
      updatedAt: new Date(p.updatedAt as string),
    }),
  );
  return { text: res.body, data: { ...body, items } };
}

describe('the parcel list serializer', () => {
  it('sends the bytes zod would send, for pages with nulls, Bengali text and none', async () => {
    for (const query of ['', '?limit=1', '?q=INV-77', '?status=delivered']) {
      const { text, data } = await page(query);
      expect(text).toBe(serialiseAnswer(parcelListSchema, data as never));
      expect(serialiseParcelList(data)).toBe(text);
    }
    expect((await page()).data.items).toHaveLength(3);
  });

  it('drops keys the schema does not name, in the page and in every parcel, as the encode does', async () => {
    const { data, text } = await page();
    const extra = {
      ...data,
      secret: 'page',
      items: data.items.map((p) => ({
        ...p,
        shopId: 'secret-shop',
        deliveryArea: { ...(p.deliveryArea as object), internal: 1 },
      })),
    };
    expect(serialiseParcelList(extra)).toBe(text);
    expect(serialiseParcelList(extra)).not.toMatch(/secret|internal/);
  });
});
