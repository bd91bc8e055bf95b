import { deflateSync } from 'node:zlib';
import { crc32 } from '../packages/domain/src/nid';

type Rgb = readonly [number, number, number];

/**
 * A real PNG of a horizontal band over a plain field (the band's colour may shade from left to
 * right), so uploaded pictures show in screenshots and pass the byte checks.
 */
export function bandedPng(options: {
  width: number;
  height: number;
  /** The band's rows, from (exclusive) and to (exclusive). */
  band: readonly [number, number];
  field: Rgb;
  bandColour: (x: number) => Rgb;
}): Buffer {
  const { width, height, band, field, bandColour } = options;
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out, 4, 8 + data.length), 8 + data.length);
    return out;
  };
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const [r, g, b] = y > band[0] && y < band[1] ? bandColour(x) : field;
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
