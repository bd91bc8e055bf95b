import { describe, expect, it } from 'vitest';
import { parcelStatuses } from '../parcel-status';
import {
  pathaoOrderSchema,
  pathaoOrderStatuses,
  pathaoOrderStatusOf,
  pathaoStatusOfDak,
  pathaoTokenRequestSchema,
} from './pathao';

describe("Dak's statuses in Pathao's words", () => {
  it('maps every Dak status to a Pathao order_status and an order.* event', () => {
    for (const status of parcelStatuses) {
      const mapped = pathaoStatusOfDak[status];
      expect(mapped, status).toBeDefined();
      expect(pathaoOrderStatuses).toContain(mapped.status);
      expect(mapped.event).toMatch(/^order\.[a-z-]+$/);
    }
    expect(Object.keys(pathaoStatusOfDak).sort()).toEqual([...parcelStatuses].sort());
  });

  it('follows the lifecycle of the reference (section 5)', () => {
    expect(pathaoOrderStatusOf('pickup_pending')).toEqual({ orderStatus: 'Pending', slug: 'pending' });
    expect(pathaoOrderStatusOf('at_sorting').orderStatus).toBe('At_the_Sorting_HUB');
    expect(pathaoOrderStatusOf('at_delivery_hub').orderStatus).toBe('Received_at_Last_Mile_HUB');
    expect(pathaoOrderStatusOf('out_for_delivery').orderStatus).toBe('Assigned_for_Delivery');
    expect(pathaoOrderStatusOf('delivery_attempted').orderStatus).toBe('Delivery_Failed');
    expect(pathaoOrderStatusOf('delivered').orderStatus).toBe('Delivered');
    expect(pathaoOrderStatusOf('returned').orderStatus).toBe('Return');
    expect(pathaoOrderStatusOf('cancelled').orderStatus).toBe('Pickup_Cancelled');
    expect(pathaoStatusOfDak.returned.event).toBe('order.returned-to-merchant');
  });
});

describe("Pathao's request bodies", () => {
  it("takes the documented order, the weight as the doc's string", () => {
    const order = pathaoOrderSchema.parse({
      store_id: 12345,
      merchant_order_id: 'TEST-ORDER-123',
      recipient_name: 'Demo Recipient',
      recipient_phone: '01712345678',
      recipient_address: 'House 123, Road 4, Sector 10, Uttara, Dhaka-1230, Bangladesh',
      recipient_city: 1,
      recipient_zone: 298,
      recipient_area: 37,
      delivery_type: 48,
      item_type: 2,
      special_instruction: 'Need to Delivery before 5 PM',
      item_quantity: 1,
      item_weight: '0.5',
      item_description: 'This is a Cloth item, price- 3000',
      amount_to_collect: 900,
    });
    expect(order.item_weight).toBe(0.5);
    expect(order.delivery_type).toBe(48);
    expect(pathaoOrderSchema.safeParse({ ...order, delivery_type: 24 }).success).toBe(false);
  });

  it('tells the two grants apart', () => {
    const password = {
      client_id: 'a',
      client_secret: 'b',
      grant_type: 'password',
      username: 'u',
      password: 'p',
    };
    expect(pathaoTokenRequestSchema.safeParse(password).success).toBe(true);
    expect(
      pathaoTokenRequestSchema.safeParse({ client_id: 'a', client_secret: 'b', grant_type: 'refresh_token' })
        .success,
    ).toBe(false);
    expect(
      pathaoTokenRequestSchema.safeParse({ ...password, grant_type: 'client_credentials' }).success,
    ).toBe(false);
  });
});
