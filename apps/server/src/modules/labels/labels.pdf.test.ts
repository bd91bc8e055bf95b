import { describe, expect, it } from 'vitest';
import { decodePdfBarcodes, pdfPageCount } from '../../../../../e2e/barcodes';
import { buildLabelsPdf, type LabelData, scriptRuns } from './labels.pdf';

/** The longest a booking allows: names 100, invoice 100, address 250 characters. */
const worst: LabelData = {
  trackingId: 'DKWWWWWWWWW',
  qrText: 'https://dak.example/track/DKWWWWWWWWW',
  customerName: 'Mohammad Abdullah Al Mamun Chowdhury Siddiqui '.repeat(3).slice(0, 100),
  customerPhone: '01712-345678',
  alternatePhone: '01812-345678',
  address: 'Flat 12B, House 45/7, Road 11, Block C, Mirpur 10, near the big mosque and the school, '
    .repeat(3)
    .slice(0, 250),
  areaName: 'Sreenagar Upazila Municipal Area',
  districtName: 'Munshiganj',
  hubCode: 'BRAHMANBARIA-NABINAGAR',
  codTaka: 500000,
  shopName: 'নাজিয়া ফ্যাশন হাউস অ্যান্ড বুটিক Nazia Fashion House and Boutique '.repeat(2).slice(0, 100),
  invoiceId: 'INV-'.padEnd(100, '9'),
  weightGrams: 200000,
  date: '22 Nov 2026',
  reverse: true,
};

describe('label PDF', () => {
  it('keeps the longest texts inside their label: one page per thermal label, codes still readable', async () => {
    const labels = [
      worst,
      { ...worst, trackingId: 'DK23456789A', qrText: 'https://dak.example/track/DK23456789A' },
    ];
    const thermal = await buildLabelsPdf(labels, 'thermal');
    expect(pdfPageCount(thermal)).toBe(2);
    const pages = await decodePdfBarcodes(thermal);
    expect(pages.map((p) => p.code128)).toEqual([['DKWWWWWWWWW'], ['DK23456789A']]);
    const a4 = await buildLabelsPdf(labels, 'a4');
    expect(pdfPageCount(a4)).toBe(1);
    expect((await decodePdfBarcodes(a4))[0]?.qr).toEqual(labels.map((l) => l.qrText));
  });

  it('sets Bengali runs apart from Latin ones, spaces and punctuation inside a Bengali run', () => {
    expect(scriptRuns('রহিমা বেগম, House 5 ৳ 1,250')).toEqual([
      { text: 'রহিমা বেগম', bengali: true },
      { text: ', House 5 ', bengali: false },
      { text: '৳', bengali: true },
      { text: ' 1,250', bengali: false },
    ]);
    expect(scriptRuns('Plain')).toEqual([{ text: 'Plain', bengali: false }]);
  });
});
