import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWithApp } from '../../../test/render';
import { SwitchingCouriers } from './switching-couriers';

const aKey = (keyId: string, name: string, revokedAt: Date | null = null) => ({
  id: `70000000-0000-4000-8000-${keyId.slice(0, 12)}`,
  name,
  keyId,
  prefix: `dak_${keyId}_…`,
  scopes: ['parcels:write' as const],
  createdAt: new Date('2026-11-20T06:00:00.000Z'),
  createdBy: { id: '80000000-0000-4000-8000-000000000001', name: 'Nasrin' },
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt,
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('switching from another courier', () => {
  it('gives each peer API its base URL and the chosen live key’s ID, never a secret', async () => {
    const revoked = aKey('zzzzzzzzzzzzzzzz', 'Old plugin', new Date('2026-11-21T00:00:00.000Z'));
    const woo = aKey('abcdefgh12345678', 'WooCommerce');
    const shopify = aKey('qrstuvwx87654321', 'Shopify');
    renderWithApp(
      <SwitchingCouriers origin="https://dak.example" keys={[revoked, woo, shopify]} phone="01712345678" />,
    );
    const steadfast = await screen.findByTestId('switching-steadfast-settings');
    expect(screen.getByTestId('switching-steadfast-base').textContent).toBe(
      'https://dak.example/compat/steadfast/api/v1',
    );
    expect(screen.getByTestId('switching-redx-base').textContent).toBe(
      'https://dak.example/compat/redx/v1.0.0-beta',
    );
    expect(steadfast.textContent).toBe(
      'Base URL:   https://dak.example/compat/steadfast/api/v1\nApi-Key:    abcdefgh12345678\nSecret-Key: <secret>',
    );
    const pathao = screen.getByTestId('switching-pathao-settings').textContent ?? '';
    expect(pathao).toContain('Base URL:      https://dak.example/compat/pathao');
    expect(pathao).toContain('client_id:     abcdefgh12345678');
    expect(pathao).toContain('username:      01712345678');
    expect(screen.getByTestId('switching-pathao-example').textContent).toContain(
      "'https://dak.example/compat/pathao/aladdin/api/v1/issue-token'",
    );
    expect(screen.getByTestId('switching-redx-settings').textContent).toBe(
      'Base URL:         https://dak.example/compat/redx/v1.0.0-beta\nAPI-ACCESS-TOKEN: Bearer dak_abcdefgh12345678_<secret>',
    );
    expect(document.body.textContent).not.toContain('zzzzzzzzzzzzzzzz');

    // Another key fills in its own ID.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Key for the snippets' }));
    fireEvent.click(await screen.findByTitle('Shopify (dak_qrstuvwx87654321_…)'));
    expect(screen.getByTestId('switching-steadfast-settings').textContent).toContain(
      'Api-Key:    qrstuvwx87654321',
    );
    expect(screen.getByRole('heading', { name: 'Switching from Steadfast?' })).toBeTruthy();
  });

  it('says to create a key first when there is none, with placeholders in the snippets', async () => {
    await i18n.changeLanguage('bn');
    renderWithApp(<SwitchingCouriers origin="https://dak.example" keys={[]} phone={null} />);
    expect(await screen.findByText(/আগে API কী ট্যাবে একটি API কী তৈরি করুন/)).toBeTruthy();
    expect(screen.getByTestId('switching-steadfast-settings').textContent).toContain('Api-Key:    <key ID>');
    expect(screen.getByTestId('switching-pathao-settings').textContent).toContain(
      'username:      <your phone number>',
    );
    expect(screen.getByRole('heading', { name: 'Steadfast থেকে আসছেন?' })).toBeTruthy();
  });
});
