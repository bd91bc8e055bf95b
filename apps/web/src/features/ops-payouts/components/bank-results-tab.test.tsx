import { payoutResultsAnswerSchema } from '@dak/domain/money-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HttpResponse, http, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { BankResultsTab } from './bank-results-tab';

const resultsUrl = '/api/v1/ops/payout-results';
const csv = 'invoice_number,status,reference_or_reason\nINV-1,paid,TRX-1\nINV-404,bounced,\n';

async function chooseAndUpload() {
  const user = userEvent.setup();
  renderWithApp(<BankResultsTab />, { url: '/ops/payouts?tab=results' });
  const upload = screen.getByRole('button', { name: /Upload results/ });
  expect((upload as HTMLButtonElement).disabled).toBe(true);
  await user.upload(
    screen.getByLabelText("The bank's result file (CSV)"),
    new File([csv], 'results.csv', { type: 'text/csv' }),
  );
  await user.click(upload);
}

describe("the bank's result file", () => {
  it('sends the file as text/csv and on 422 lists each wrong row and says nothing was applied', async () => {
    const sent: { type: string | null; body: string }[] = [];
    server.use(
      http.post(resultsUrl, async ({ request }) => {
        sent.push({ type: request.headers.get('Content-Type'), body: await request.text() });
        return HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'The result file has wrong rows',
              details: {
                rows: [
                  { row: 3, message: 'Invoice INV-404 not found' },
                  { row: 3, message: 'A bounce needs its reason' },
                ],
              },
            },
          },
          { status: 422 },
        );
      }),
    );
    await chooseAndUpload();

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Nothing was applied: fix these rows and upload the file again.'),
    ).toBeTruthy();
    const rows = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual(['Row 3: Invoice INV-404 not found', 'Row 3: A bounce needs its reason']);
    expect(sent).toEqual([{ type: 'text/csv', body: csv }]);
  });

  it('shows how many invoices were marked paid and bounced when the file is applied', async () => {
    server.use(
      http.post(resultsUrl, () =>
        HttpResponse.json(payoutResultsAnswerSchema.parse({ paid: 12, bounced: 1 })),
      ),
    );
    await chooseAndUpload();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('12 invoices marked paid, 1 marked bounced.'),
    );
  });
});
