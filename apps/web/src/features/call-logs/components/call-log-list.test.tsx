import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { CallLogList } from './call-log-list';

const shopId = '00000000-0000-4000-8000-000000000001';
const callsUrl = `/api/v1/shops/${shopId}/call-logs`;

function aCall(n: number) {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    trackingId: `DK${String(n).padStart(9, '0')}`,
    customerPhone: '01712345678',
    startedAt: '2026-11-20T08:00:00.000Z',
    durationSeconds: 75,
    outcome: 'answered',
    source: 'telephony',
    caller: { kind: 'ivr', name: null },
    hasRecording: false,
    recordingDeleted: false,
  };
}

/** The list frame through a real list page: filters in the address, the request they make, its states. */
describe('a list page (call logs)', () => {
  it('writes the chosen filter to the address, asks the API with it and shows the empty state', async () => {
    const requests = recordRequests();
    server.use(http.get(callsUrl, () => HttpResponse.json({ items: [], count: 0 })));
    const user = userEvent.setup();
    const { location } = renderWithApp(<CallLogList shopId={shopId} />, { url: '/call-logs' });

    expect(await screen.findByText('No calls to your customers yet.')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Call status' }));
    await user.click(await screen.findByTitle('Not answered'));

    await waitFor(() => expect(location().searchParams.get('outcome')).toBe('no_answer'));
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.url.pathname === callsUrl && r.url.searchParams.get('outcome') === 'no_answer',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('No call matches your search.')).toBeTruthy();
  });

  it('sends the search when typing pauses and writes it to the address', async () => {
    const requests = recordRequests();
    server.use(http.get(callsUrl, () => HttpResponse.json({ items: [], count: 0 })));
    const user = userEvent.setup();
    const { location } = renderWithApp(<CallLogList shopId={shopId} />, { url: '/call-logs?page=2' });
    await screen.findByText('No calls to your customers yet.');

    await user.type(screen.getByRole('searchbox', { name: 'Search calls' }), ' DK7 ');

    await waitFor(() => expect(location().searchParams.get('q')).toBe('DK7'));
    // A new search starts on page 1.
    expect(location().searchParams.get('page')).toBeNull();
    await waitFor(() => expect(requests.some((r) => r.url.searchParams.get('q') === 'DK7')).toBe(true));
  });

  it('reads its filters and page from the address, and shows the rows, the count and the pages', async () => {
    const requests = recordRequests();
    server.use(http.get(callsUrl, () => HttpResponse.json({ items: [aCall(1), aCall(2)], count: 45 })));
    const user = userEvent.setup();
    const { location } = renderWithApp(<CallLogList shopId={shopId} />, { url: '/call-logs?q=0171&page=2' });

    const table = await screen.findByRole('table');
    expect(within(table).getByText('DK000000001')).toBeTruthy();
    expect(screen.getByText('45 calls')).toBeTruthy();
    const asked = requests.find((r) => r.url.pathname === callsUrl);
    expect(asked?.url.searchParams.get('q')).toBe('0171');
    expect(asked?.url.searchParams.get('offset')).toBe('20');
    expect((screen.getByRole('searchbox', { name: 'Search calls' }) as HTMLInputElement).value).toBe('0171');

    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(location().searchParams.get('page')).toBe('3'));
    expect(location().searchParams.get('q')).toBe('0171');
  });

  it('shows the error when the list cannot load', async () => {
    server.use(
      http.get(callsUrl, () =>
        HttpResponse.json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, { status: 500 }),
      ),
    );
    renderWithApp(<CallLogList shopId={shopId} />, { url: '/call-logs' });
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
