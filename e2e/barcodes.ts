import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * Reads the barcodes printed in a PDF the way a scanner would see them: each page is rendered to
 * a grey image (mupdf) and decoded (zxing). Used by the label tests of the server and the browser.
 */
export type DecodedPage = { page: number; code128: string[]; qr: string[] };

let ready: Promise<unknown> | undefined;
/** zxing-wasm fetches its wasm from a CDN unless handed the bytes: load them from node_modules. */
function loadZxing() {
  ready ??= readFile(fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm'))).then((wasm) =>
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    }),
  );
  return ready;
}

/** One page as a PNG at `dpi` (200 is what a phone camera or a cheap scanner resolves). */
export function renderPdfPage(pdf: Uint8Array, page: number, dpi = 200): Uint8Array {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const scale = dpi / 72;
  return doc
    .loadPage(page)
    .toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true)
    .asPNG();
}

export function pdfPageCount(pdf: Uint8Array): number {
  return mupdf.Document.openDocument(pdf, 'application/pdf').countPages();
}

/** Every Code 128 and QR code on every page, top to bottom then left to right. */
export async function decodePdfBarcodes(pdf: Uint8Array, dpi = 200): Promise<DecodedPage[]> {
  await loadZxing();
  const pages: DecodedPage[] = [];
  for (let page = 0; page < pdfPageCount(pdf); page++) {
    const results = await readBarcodes(renderPdfPage(pdf, page, dpi), {
      formats: ['Code128', 'QRCode'],
      tryHarder: true,
      maxNumberOfSymbols: 64,
    });
    const valid = results
      .filter((r) => r.isValid)
      .sort(
        (a, b) => a.position.topLeft.y - b.position.topLeft.y || a.position.topLeft.x - b.position.topLeft.x,
      );
    pages.push({
      page,
      code128: valid.filter((r) => r.format === 'Code128').map((r) => r.text),
      qr: valid.filter((r) => r.format === 'QRCode').map((r) => r.text),
    });
  }
  return pages;
}

/** The Code 128 texts of a whole PDF, in page order. */
export async function decodePdfCode128(pdf: Uint8Array): Promise<string[]> {
  return (await decodePdfBarcodes(pdf)).flatMap((p) => p.code128);
}
