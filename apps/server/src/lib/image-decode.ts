import sharp from 'sharp';

/**
 * Phone photos stay far below this; a file declaring more is a decompression bomb, not an ID card.
 */
export const maxDecodedPixels = 50_000_000;

/**
 * Whether the bytes decode as a whole image, beyond what the magic bytes and the container's
 * structure tell (`checkImage` in the domain): a file with a JPEG or PNG header and a body of
 * garbage, or cut short, fails here. libvips (sharp) decodes on libuv's thread pool, so the event
 * loop is never held; shrinking while decoding keeps a 12-megapixel photo to tens of milliseconds
 * while every byte of its compressed data is still read, and any decoder warning counts as damage.
 * It cannot tell a photo from well-formed noise: nothing can.
 */
export async function decodesAsImage(bytes: Uint8Array): Promise<boolean> {
  try {
    await sharp(bytes, { failOn: 'warning', limitInputPixels: maxDecodedPixels, sequentialRead: true })
      .resize(32, 32, { fit: 'inside' })
      .raw()
      .toBuffer();
    return true;
  } catch {
    return false;
  }
}
