import { fileURLToPath } from 'node:url';
import type { LabelFormat } from '@dak/domain/labels';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** What one label shows, already formatted for print. */
export type LabelData = {
  trackingId: string;
  /** What the QR code holds (the public tracking URL). */
  qrText: string;
  customerName: string;
  customerPhone: string;
  alternatePhone: string | null;
  address: string;
  areaName: string;
  districtName: string;
  hubCode: string;
  codTaka: number;
  shopName: string;
  invoiceId: string | null;
  weightGrams: number;
  /** The booking date, e.g. "22 Nov 2026". */
  date: string;
  reverse: boolean;
};

const fontPath = (name: string) => fileURLToPath(new URL(`../../../assets/fonts/${name}`, import.meta.url));
const fonts = {
  latin: 'Helvetica',
  latinBold: 'Helvetica-Bold',
  bengali: fontPath('NotoSansBengali-Regular.ttf'),
  bengaliBold: fontPath('NotoSansBengali-Bold.ttf'),
};

const pt = (inches: number) => inches * 72;
const mm = (millimetres: number) => (millimetres / 25.4) * 72;

/** Paper and the printer resolution the barcodes' pixels are laid on (one image pixel = n dots). */
const paper = {
  // 4 × 6 in thermal label, 203 dpi printers: a bar module is 4 dots (0.5 mm).
  thermal: { size: [pt(4), pt(6)] as [number, number], dpi: 203, moduleDots: 4 },
  // A4 sheet of 2 × 3 labels (105 × 99 mm), laser or inkjet: a module is 4 dots at 300 dpi (0.34 mm).
  a4: { size: [mm(210), mm(297)] as [number, number], dpi: 300, moduleDots: 4 },
} as const;
const a4Grid = { columns: 2, rows: 3 };

type Doc = PDFKit.PDFDocument;
type Box = { x: number; y: number; w: number; h: number };

// Text -----------------------------------------------------------------------------------------

/** Bengali letters (with the taka sign and joiners) and the spaces and punctuation between them. */
const bengaliRun = /[\u0980-\u09FF\u200C-\u200D]+(?:[\s.,:;!?'"()/\u0964-]+[\u0980-\u09FF\u200C-\u200D]+)*/g;

/** Splits text into runs of one script, so Bengali is set in Noto Sans Bengali and the rest in Helvetica. */
export function scriptRuns(text: string): { text: string; bengali: boolean }[] {
  const runs: { text: string; bengali: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(bengaliRun)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), bengali: false });
    runs.push({ text: match[0], bengali: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), bengali: false });
  return runs;
}

/** Helvetica has WinAnsi glyphs only: anything else (emoji, other scripts) would print as junk. */
const printable = (text: string) =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(
      /[^\u0020-\u007E\u00A0-\u00FF\u0964-\u0965\u0980-\u09FF\u200C-\u200D\u2013\u2014\u2018-\u201D\u2022\u2026]/g,
      '?',
    );

type TextStyle = { size: number; bold?: boolean; color?: string; spacing?: number };

function setFont(doc: Doc, bengali: boolean, style: TextStyle) {
  const font = bengali
    ? style.bold
      ? fonts.bengaliBold
      : fonts.bengali
    : style.bold
      ? fonts.latinBold
      : fonts.latin;
  doc.font(font).fontSize(bengali ? style.size * 0.95 : style.size);
}

function widthOf(doc: Doc, text: string, style: TextStyle) {
  let width = 0;
  for (const run of scriptRuns(printable(text))) {
    setFont(doc, run.bengali, style);
    width += doc.widthOfString(run.text, { characterSpacing: style.spacing ?? 0 });
  }
  return width;
}

/**
 * Mixed-script text in a box: wraps within `w`, stops after `lines` lines (an ellipsis marks the
 * cut). Never adds a page.
 */
function text(
  doc: Doc,
  value: string,
  box: { x: number; y: number; w: number; lines?: number },
  style: TextStyle,
) {
  const runs = scriptRuns(printable(value));
  if (runs.length === 0) return;
  const lines = box.lines ?? 1;
  const lineHeight = style.size * 1.25;
  doc.fillColor(style.color ?? '#000');
  const options = {
    width: box.w,
    height: lineHeight * lines,
    ellipsis: true,
    lineGap: style.size * 0.1,
    characterSpacing: style.spacing ?? 0,
    lineBreak: lines > 1,
  };
  runs.forEach((run, i) => {
    setFont(doc, run.bengali, style);
    const continued = i < runs.length - 1;
    if (i === 0) doc.text(run.text, box.x, box.y, { ...options, continued });
    else doc.text(run.text, { ...options, continued });
  });
}

/** One line, shrunk (down to `min`) until it fits the width. */
function fitLine(
  doc: Doc,
  value: string,
  box: { x: number; y: number; w: number },
  style: TextStyle,
  min = 7,
) {
  let size = style.size;
  while (size > min && widthOf(doc, value, { ...style, size }) > box.w) size -= 0.5;
  text(doc, value, box, { ...style, size });
  return size;
}

function caption(doc: Doc, value: string, x: number, y: number) {
  doc.font(fonts.latinBold).fontSize(6.5).fillColor('#444').text(value, x, y, { lineBreak: false });
}

function rule(doc: Doc, x: number, y: number, w: number, weight = 0.8) {
  doc
    .save()
    .moveTo(x, y)
    .lineTo(x + w, y)
    .lineWidth(weight)
    .strokeColor('#000')
    .stroke()
    .restore();
}

// Codes ----------------------------------------------------------------------------------------

/** A code drawn at a position: `draw` lays its vector bars or modules with the top-left at (x, y). */
type Code = { w: number; h: number; draw: (doc: Doc, x: number, y: number) => void };

/** Points per printer dot. */
const dot = (format: LabelFormat) => 72 / paper[format].dpi;
const snap = (value: number, format: LabelFormat) => Math.round(value / dot(format)) * dot(format);

/**
 * Code 128 of the tracking ID as vector bars, each module a whole number of printer dots
 * (`moduleDots`), with a quiet zone of ten modules each side (inside `w`).
 */
function barcode(trackingId: string, format: LabelFormat, heightPt: number): Code {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text: trackingId });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js gave no Code 128 bars');
  const module = paper[format].moduleDots * dot(format);
  const quiet = 10;
  const modules = symbol.sbs.reduce((sum, width) => sum + width, 0);
  return {
    w: (modules + 2 * quiet) * module,
    h: heightPt,
    draw(doc, x, y) {
      // Start on a printer dot, so every bar edge falls on one.
      let cursor = snap(x, format) + quiet * module;
      doc.save().fillColor('#000');
      symbol.sbs.forEach((width, i) => {
        // Bars and spaces alternate, starting with a bar.
        if (i % 2 === 0) doc.rect(cursor, y, width * module, heightPt);
        cursor += width * module;
      });
      doc.fill().restore();
    },
  };
}

/**
 * A QR code (level M) about `targetPt` wide with its four-module quiet zone, each module a whole
 * number of printer dots; dark modules are drawn as vector runs.
 */
function qrCode(value: string, format: LabelFormat, targetPt: number): Code {
  const matrix = QRCode.create(value, { errorCorrectionLevel: 'M' }).modules;
  const quiet = 4;
  const dotsPerModule = Math.max(2, Math.floor(targetPt / dot(format) / (matrix.size + 2 * quiet)));
  const module = dotsPerModule * dot(format);
  const side = (matrix.size + 2 * quiet) * module;
  return {
    w: side,
    h: side,
    draw(doc, left, top) {
      const x = snap(left, format);
      const y = snap(top, format);
      doc.save().fillColor('#000');
      for (let row = 0; row < matrix.size; row++) {
        let run = -1;
        for (let col = 0; col <= matrix.size; col++) {
          const dark = col < matrix.size && matrix.get(row, col);
          if (dark && run < 0) run = col;
          if (!dark && run >= 0) {
            doc.rect(x + (quiet + run) * module, y + (quiet + row) * module, (col - run) * module, module);
            run = -1;
          }
        }
      }
      doc.fill().restore();
    },
  };
}

// Layout ---------------------------------------------------------------------------------------

const taka = (amount: number) => `৳ ${amount.toLocaleString('en-IN')}`;
const kg = (grams: number) => `${Number((grams / 1000).toFixed(2))} kg`;
const phones = (d: LabelData) =>
  d.alternatePhone ? `${d.customerPhone} / ${d.alternatePhone}` : d.customerPhone;

/** The black band with the destination hub's code: the first thing a sorter reads. */
function hubBand(doc: Doc, d: LabelData, box: Box, size: number) {
  doc.save().rect(box.x, box.y, box.w, box.h).fill('#000').restore();
  doc.font(fonts.latinBold).fontSize(6.5).fillColor('#fff');
  doc.text('HUB', box.x + 6, box.y + 3, { lineBreak: false });
  fitLine(
    doc,
    d.hubCode,
    { x: box.x + 6, y: box.y + 10, w: box.w * 0.62 },
    { size, bold: true, color: '#fff' },
  );
  const right = d.reverse ? 'REVERSE' : 'DELIVERY';
  doc
    .font(fonts.latinBold)
    .fontSize(size * 0.5)
    .fillColor('#fff');
  const width = doc.widthOfString(right);
  doc.text(right, box.x + box.w - width - 6, box.y + (box.h - size * 0.5) / 2 + 1, { lineBreak: false });
}

function header(doc: Doc, d: LabelData, box: Box, size: number) {
  doc.font(fonts.latinBold).fontSize(size).fillColor('#000').text('DAK', box.x, box.y, { lineBreak: false });
  const brandWidth = doc.widthOfString('DAK');
  doc.font(fonts.latin).fontSize(size * 0.45);
  doc.text('courier', box.x + brandWidth + 3, box.y + size * 0.42, { lineBreak: false });
  doc.font(fonts.latin).fontSize(size * 0.5);
  const date = `Booked ${d.date}`;
  doc.text(date, box.x + box.w - doc.widthOfString(date), box.y + size * 0.3, { lineBreak: false });
}

function trackingText(doc: Doc, id: string, x: number, y: number, w: number, size: number) {
  doc.font(fonts.latinBold).fontSize(size).fillColor('#000');
  const spacing = size * 0.18;
  const width = doc.widthOfString(id, { characterSpacing: spacing }) - spacing;
  doc.text(id, x + (w - width) / 2, y, { lineBreak: false, characterSpacing: spacing });
}

function recipient(doc: Doc, d: LabelData, box: Box, s: { name: number; phone: number; address: number }) {
  caption(doc, 'DELIVER TO', box.x, box.y);
  let y = box.y + 9;
  if (box.h > 150 && widthOf(doc, d.customerName, { size: s.name, bold: true }) > box.w * 1.25) {
    // A long name gets two lines rather than a tiny font, where the address keeps room for four.
    const size = s.name * 0.8;
    text(doc, d.customerName, { x: box.x, y, w: box.w, lines: 2 }, { size, bold: true });
    y = Math.max(doc.y, y + size * 1.3) + 2;
  } else {
    fitLine(doc, d.customerName, { x: box.x, y, w: box.w }, { size: s.name, bold: true });
    y += s.name * 1.3;
  }
  fitLine(doc, phones(d), { x: box.x, y, w: box.w }, { size: s.phone, bold: true });
  y += s.phone * 1.35;
  const areaSize = s.address + 1.5;
  const room = box.y + box.h - areaSize * 1.3 - y;
  const lines = Math.max(1, Math.floor(room / (s.address * 1.25 + s.address * 0.1)));
  text(doc, d.address, { x: box.x, y, w: box.w, lines }, { size: s.address });
  // The area follows the address (pdfkit leaves doc.y under the last line it set).
  const areaY = Math.min(Math.max(doc.y, y + s.address * 1.3) + 3, box.y + box.h - areaSize * 1.3);
  fitLine(
    doc,
    `${d.areaName}, ${d.districtName}`,
    { x: box.x, y: areaY, w: box.w },
    { size: areaSize, bold: true },
  );
}

function facts(doc: Doc, d: LabelData, x: number, y: number, w: number, size: number) {
  const rows: [string, string][] = [
    ['WEIGHT', kg(d.weightGrams)],
    ['INVOICE', d.invoiceId ?? '—'],
  ];
  rows.forEach(([name, value], i) => {
    caption(doc, name, x, y + i * (size * 2.3));
    fitLine(doc, value, { x, y: y + i * (size * 2.3) + 8, w }, { size, bold: true });
  });
}

function cod(doc: Doc, d: LabelData, x: number, y: number, w: number, size: number) {
  caption(doc, 'COLLECT CASH (COD)', x, y);
  fitLine(doc, taka(d.codTaka), { x, y: y + 9, w }, { size, bold: true });
}

function sender(doc: Doc, d: LabelData, box: Box, size: number) {
  caption(doc, 'FROM', box.x, box.y);
  fitLine(doc, d.shopName, { x: box.x + 26, y: box.y - 1, w: box.w - 26 }, { size, bold: true });
}

function thermalLabel(doc: Doc, d: LabelData) {
  const [W, H] = paper.thermal.size;
  const pad = 14;
  const x = pad;
  const w = W - 2 * pad;
  let y = pad;
  header(doc, d, { x, y, w, h: 22 }, 20);
  y += 26;
  hubBand(doc, d, { x, y, w, h: 36 }, 22);
  y += 36 + 8;
  const bars = barcode(d.trackingId, 'thermal', 62);
  bars.draw(doc, x + (w - bars.w) / 2, y);
  y += bars.h + 4;
  trackingText(doc, d.trackingId, x, y, w, 15);
  y += 22;
  rule(doc, x, y, w);

  const footerY = H - pad - 12;
  const qr = qrCode(d.qrText, 'thermal', 84);
  const bottomY = footerY - 8 - qr.h;
  recipient(doc, d, { x, y: y + 6, w, h: bottomY - y - 14 }, { name: 15, phone: 13, address: 10 });
  rule(doc, x, bottomY - 4, w);
  cod(doc, d, x, bottomY + 2, w - qr.w - 8, 24);
  facts(doc, d, x, bottomY + 40, w - qr.w - 8, 10);
  qr.draw(doc, x + w - qr.w, bottomY);
  rule(doc, x, footerY - 5, w);
  sender(doc, d, { x, y: footerY, w, h: 12 }, 10);
}

function a4Label(doc: Doc, d: LabelData, cell: Box) {
  const pad = 13;
  const x = cell.x + pad;
  const w = cell.w - 2 * pad;
  let y = cell.y + pad;
  header(doc, d, { x, y, w, h: 16 }, 15);
  y += 19;
  hubBand(doc, d, { x, y, w, h: 27 }, 15);
  y += 27 + 6;
  const qr = qrCode(d.qrText, 'a4', 66);
  const bars = barcode(d.trackingId, 'a4', 42);
  const barsW = w - qr.w - 4;
  bars.draw(doc, x + (barsW - bars.w) / 2, y);
  trackingText(doc, d.trackingId, x, y + bars.h + 3, barsW, 12);
  qr.draw(doc, x + w - qr.w, y - 2);
  y += Math.max(bars.h + 18, qr.h) + 2;
  rule(doc, x, y, w);

  const footerY = cell.y + cell.h - pad - 10;
  const bottomY = footerY - 36;
  recipient(doc, d, { x, y: y + 5, w, h: bottomY - y - 10 }, { name: 12, phone: 11, address: 8.5 });
  rule(doc, x, bottomY - 3, w);
  cod(doc, d, x, bottomY + 1, w * 0.5, 18);
  const factsX = x + w * 0.55;
  caption(doc, 'WEIGHT', factsX, bottomY + 1);
  fitLine(doc, kg(d.weightGrams), { x: factsX, y: bottomY + 10, w: w * 0.17 }, { size: 10, bold: true });
  caption(doc, 'INVOICE', factsX + w * 0.2, bottomY + 1);
  fitLine(
    doc,
    d.invoiceId ?? '—',
    { x: factsX + w * 0.2, y: bottomY + 10, w: w * 0.25 },
    { size: 10, bold: true },
  );
  rule(doc, x, footerY - 4, w, 0.5);
  sender(doc, d, { x, y: footerY, w, h: 10 }, 9);
}

/** Dashed cut lines between the cells of an A4 sheet. */
function cutLines(doc: Doc) {
  const [W, H] = paper.a4.size;
  doc.save().lineWidth(0.5).dash(4, { space: 3 }).strokeColor('#888');
  for (let c = 1; c < a4Grid.columns; c++)
    doc.moveTo((W / a4Grid.columns) * c, 0).lineTo((W / a4Grid.columns) * c, H);
  for (let r = 1; r < a4Grid.rows; r++) doc.moveTo(0, (H / a4Grid.rows) * r).lineTo(W, (H / a4Grid.rows) * r);
  doc.stroke().undash().restore();
}

/** The PDF of the labels, in the given order: thermal one per page, A4 six per sheet. */
export async function buildLabelsPdf(labels: LabelData[], format: LabelFormat): Promise<Buffer> {
  const doc = new PDFDocument({
    size: paper[format].size,
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: labels.length === 1 ? `Label ${labels[0]?.trackingId}` : `${labels.length} parcel labels`,
      Author: 'Dak',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const perPage = format === 'thermal' ? 1 : a4Grid.columns * a4Grid.rows;
  const [W, H] = paper[format].size;
  for (const [i, label] of labels.entries()) {
    // Let other requests run between batches: 200 labels take a second or two of CPU.
    if (i > 0 && i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
    const slot = i % perPage;
    if (slot === 0) {
      doc.addPage({ size: paper[format].size, margin: 0 });
      if (format === 'a4') cutLines(doc);
    }
    if (format === 'thermal') thermalLabel(doc, label);
    else {
      const column = slot % a4Grid.columns;
      const row = Math.floor(slot / a4Grid.columns);
      const cw = W / a4Grid.columns;
      const ch = H / a4Grid.rows;
      a4Label(doc, label, { x: column * cw, y: row * ch, w: cw, h: ch });
    }
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
