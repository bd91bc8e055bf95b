import { describe, expect, it } from 'vitest';
import {
  canSubmitNid,
  checkImage,
  crc32,
  maskNidNumber,
  nidFailSchema,
  nidNumberSchema,
  restrictionsFor,
} from './nid';

const bytes = (...parts: (number[] | string | Uint8Array)[]) => {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'string') for (const ch of part) out.push(ch.charCodeAt(0));
    else out.push(...part);
  }
  return new Uint8Array(out);
};
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

function chunk(type: string, data: number[]) {
  const body = bytes(type, data);
  return [...be32(data.length), ...body, ...be32(crc32(body))];
}
function png(extra: number[] = []) {
  const ihdr = [...be32(1), ...be32(1), 8, 2, 0, 0, 0];
  return bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    chunk('IHDR', ihdr),
    chunk('IDAT', [0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]),
    chunk('IEND', []),
    extra,
  );
}
function jpeg() {
  return bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0], [0xff, 0xd9]);
}
function webp(payload = [1, 2, 3, 4, 5, 6, 7]) {
  const padded = payload.length % 2 ? [...payload, 0] : payload;
  const chunkBytes = bytes('VP8L', le32(payload.length), padded);
  return bytes('RIFF', le32(4 + chunkBytes.length), 'WEBP', chunkBytes);
}

describe('image checks by content', () => {
  it('knows CRC-32', () => {
    expect(crc32(bytes('123456789'))).toBe(0xcbf43926);
  });

  it('accepts whole JPEG, PNG and WebP files', () => {
    expect(checkImage(jpeg())).toMatchObject({ ok: true, contentType: 'image/jpeg', extension: 'jpg' });
    expect(checkImage(png())).toMatchObject({ ok: true, contentType: 'image/png' });
    expect(checkImage(webp())).toMatchObject({ ok: true, contentType: 'image/webp' });
  });

  it('refuses other types whatever they claim to be', () => {
    expect(checkImage(bytes('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF'))).toEqual({ ok: false, reason: 'type' });
    expect(checkImage(bytes('GIF89a', [1, 0, 1, 0]))).toEqual({ ok: false, reason: 'type' });
    expect(checkImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      ok: false,
      reason: 'type',
    });
    expect(checkImage(new Uint8Array())).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses truncated or damaged files', () => {
    const j = jpeg();
    expect(checkImage(j.slice(0, j.length - 1))).toEqual({ ok: false, reason: 'corrupt' });
    const p = png();
    expect(checkImage(p.slice(0, p.length - 12))).toEqual({ ok: false, reason: 'corrupt' }); // no IEND
    expect(checkImage(p.slice(0, 40))).toEqual({ ok: false, reason: 'corrupt' });
    const flipped = png();
    flipped[40] = (flipped[40] ?? 0) ^ 0xff; // inside IDAT: the CRC no longer matches
    expect(checkImage(flipped)).toEqual({ ok: false, reason: 'corrupt' });
    expect(checkImage(png([1, 2, 3]))).toEqual({ ok: false, reason: 'corrupt' }); // bytes after IEND
    const w = webp();
    expect(checkImage(w.slice(0, w.length - 2))).toEqual({ ok: false, reason: 'corrupt' });
    const wrongSize = webp();
    wrongSize[4] = (wrongSize[4] ?? 0) + 2;
    expect(checkImage(wrongSize)).toEqual({ ok: false, reason: 'corrupt' });
  });
});

describe('NID numbers', () => {
  it('takes 10, 13 or 17 digits', () => {
    expect(nidNumberSchema.parse('1234 567 890')).toBe('1234567890');
    expect(nidNumberSchema.parse('1'.repeat(13))).toBe('1'.repeat(13));
    expect(nidNumberSchema.parse('1'.repeat(17))).toBe('1'.repeat(17));
    for (const bad of ['123456789', '1'.repeat(11), '1'.repeat(16), '12345abcde']) {
      expect(nidNumberSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        'NID number must be 10, 13 or 17 digits',
      );
    }
    expect(nidNumberSchema.safeParse('').error?.issues[0]?.message).toBe('NID number is required');
  });

  it('masks all but the last four digits', () => {
    expect(maskNidNumber('1990123456789')).toBe('*********6789');
  });

  it('restricts payouts until verified and allows a new submission only when none is pending', () => {
    expect(restrictionsFor('pending')).toContain('payouts');
    expect(restrictionsFor('verified')).toEqual([]);
    expect(canSubmitNid('not_submitted')).toBe(true);
    expect(canSubmitNid('failed')).toBe(true);
    expect(canSubmitNid('pending')).toBe(false);
    expect(canSubmitNid('verified')).toBe(false);
  });

  it('needs a reason to fail a submission', () => {
    expect(nidFailSchema.safeParse({ reason: ' ' }).success).toBe(false);
    expect(nidFailSchema.parse({ reason: ' Photo is blurred ' })).toEqual({ reason: 'Photo is blurred' });
  });
});
