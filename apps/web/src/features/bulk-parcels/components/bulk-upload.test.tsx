import { bulkMessages } from '@dak/domain/bulk';
import { messages } from '@dak/domain/errors';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { BulkUpload } from './bulk-upload';

const shopId = '00000000-0000-4000-8000-000000000001';
const pickupId = '00000000-0000-4000-8000-0000000000aa';
const bulkUrl = `/api/v1/shops/${shopId}/parcels/bulk`;

/** A row our template would hold; `change` breaks one cell. */
function aRow(i: number, change: Record<string, string> = {}) {
  return {
    invoiceId: `INV-${i}`,
    customerName: `Customer ${i}`,
    customerPhone: `0171200000${i}`,
    customerAddress: `House ${i}, Road 3, Block C, Dhaka`,
    deliveryAreaId: 'dhaka-city--dhanmondi',
    weightGrams: '500',
    sellingPrice: '800',
    cashCollectionAmount: '800',
    ...change,
  };
}

/** The server read a two-row sheet; the second row's phone is wrong, as the server says too. */
function answerPreview() {
  server.use(
    http.get(`${bulkUrl}/logs`, () => HttpResponse.json({ items: [], count: 0 })),
    http.post(`${bulkUrl}/preview`, () =>
      HttpResponse.json({
        format: 'dak',
        rows: [
          { index: 0, input: aRow(1), errors: [] },
          {
            index: 1,
            input: aRow(2, { customerPhone: '01234' }),
            errors: [{ field: 'customerPhone', message: messages.invalidPhone }],
          },
        ],
        validCount: 1,
        errorCount: 1,
        limit: 500,
      }),
    ),
  );
}

async function loadSheet() {
  const user = userEvent.setup();
  const view = renderWithApp(
    <BulkUpload
      shopId={shopId}
      pickups={{ items: [{ id: pickupId, name: 'Mirpur warehouse' }], loading: false }}
    />,
    { url: '/parcels/bulk' },
  );
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['invoice id\n'], 'orders.csv', { type: 'text/csv' }));
  await screen.findByTestId('bulk-summary');
  return { user, ...view };
}

const phoneCell = (row: number) => screen.getByRole('textbox', { name: `Customer phone, row ${row}` });
const confirmPosts = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === `${bulkUrl}/confirm`);

describe('the bulk grid', () => {
  it('marks the bad row of a file with the spec’s message under its cell, and clears it when fixed', async () => {
    answerPreview();
    const { user } = await loadSheet();

    expect(screen.getByTestId('bulk-summary').textContent).toBe('2 rows: 1 ready, 1 with errors');
    expect(phoneCell(2).getAttribute('aria-invalid')).toBe('true');
    expect(phoneCell(1).getAttribute('aria-invalid')).toBeNull();
    const errors = screen.getAllByTestId('bulk-cell-error').map((e) => e.textContent);
    expect(errors).toEqual([messages.invalidPhone]);

    await user.clear(phoneCell(2));
    await user.type(phoneCell(2), '01812345604');

    expect(phoneCell(2).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('bulk-summary').textContent).toBe('2 rows: 2 ready, 0 with errors');
    expect(screen.queryAllByTestId('bulk-cell-error')).toEqual([]);
  });

  it('refuses to book while a row is wrong, shows only the wrong rows, and sends nothing', async () => {
    const requests = recordRequests();
    answerPreview();
    const { user } = await loadSheet();

    await user.click(screen.getByTestId('bulk-confirm'));

    expect((await screen.findByTestId('bulk-form-error')).textContent).toContain(bulkMessages.invalidRows);
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('textbox', { name: 'Customer phone, row 1' })).toBeNull();
    expect(phoneCell(2)).toBeTruthy();
    expect(confirmPosts(requests)).toEqual([]);
  });

  it('asks for the pickup location and the acknowledgement before booking, then books the rows as typed', async () => {
    const requests = recordRequests();
    answerPreview();
    server.use(
      http.post(`${bulkUrl}/confirm`, () =>
        HttpResponse.json({ logId: 'log-1', created: 2, trackingIds: ['DK000000001', 'DK000000002'] }),
      ),
    );
    const { user } = await loadSheet();
    await user.clear(phoneCell(2));
    await user.type(phoneCell(2), '01812345604');

    await user.click(screen.getByTestId('bulk-confirm'));
    expect((await screen.findByText(bulkMessages.pickupRequired)).getAttribute('role')).toBe('alert');
    expect(screen.getByText(bulkMessages.acknowledgementRequired)).toBeTruthy();
    expect(confirmPosts(requests)).toEqual([]);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Pickup location' }));
    await user.click(await screen.findByTitle('Mirpur warehouse'));
    await user.click(screen.getByRole('checkbox', { name: /selling price of every parcel/ }));
    await user.click(screen.getByTestId('bulk-confirm'));

    expect((await screen.findByTestId('bulk-created')).textContent).toBe('2 parcels booked');
    const [sent] = confirmPosts(requests);
    expect(sent?.body).toMatchObject({
      pickupLocationId: pickupId,
      fileName: 'orders.csv',
      sellingPriceAcknowledged: true,
      rows: [aRow(1), aRow(2, { customerPhone: '01812345604' })],
    });
  });
});
