import { describe, expect, it } from 'vitest';
import type { AddressPrediction } from '../address-prediction/contract';
import { addressParts, unattendedAreaOf } from './unattended-area';

/** A reader that knows a few texts, as the real one reads them (see the server's route tests). */
const readings: Record<string, Partial<AddressPrediction>> = {
  'House 5, Road 3, Gulshan 1, Dhaka': {
    areaId: 'dhaka-city--gulshan-1',
    districtId: 'dhaka',
    confidence: 0.78,
  },
  'Gulshan 1': { areaId: 'dhaka-city--gulshan-1', districtId: 'dhaka', confidence: 0.8 },
  Dhaka: { areaId: null, districtId: 'dhaka', confidence: 0.3 },
  'Station road': { areaId: 'chattogram-city--kotwali', districtId: 'chattogram', confidence: 0.815 },
  'Mirpur, Dhaka': { areaId: 'dhaka-city--mirpur-model', districtId: 'dhaka', confidence: 0.45 },
};
const read = async (text: string): Promise<AddressPrediction> => ({
  areaId: null,
  districtId: null,
  confidence: 0,
  candidates: [],
  ...readings[text],
});

describe('reading an area nobody confirms', () => {
  it('books a confident area whose district another part of the address names', async () => {
    expect(await unattendedAreaOf('House 5, Road 3, Gulshan 1, Dhaka', read, 0.6)).toEqual({
      ok: true,
      areaId: 'dhaka-city--gulshan-1',
      districtId: 'dhaka',
      confidence: 0.78,
    });
  });

  it('refuses a confident read that nothing else in the address backs', async () => {
    expect(await unattendedAreaOf('Station road', read, 0.6)).toMatchObject({
      ok: false,
      problem: 'district_not_named',
    });
  });

  it('refuses an uncertain read and an address that names no area', async () => {
    expect(await unattendedAreaOf('Mirpur, Dhaka', read, 0.6)).toMatchObject({
      ok: false,
      problem: 'uncertain',
    });
    expect(await unattendedAreaOf('Dhaka', read, 0.6)).toMatchObject({ ok: false, problem: 'unread' });
  });

  it('splits an address into its parts as people separate them', () => {
    expect(addressParts('House 5, Road 3;\nGulshan 1 ,, Dhaka')).toEqual([
      'House 5',
      'Road 3',
      'Gulshan 1',
      'Dhaka',
    ]);
  });
});
