import { bulkColumns, bulkMessages } from '@dak/domain/bulk';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/fixtures';
import { createTestApp, registerMerchant, type TestApp } from '../../../test/helpers';
import { AppError } from '../../errors';
import { defaultSheetReadOptions, readXlsxTable } from './xlsx-sheet';

/**
 * Issue 11, finding 2: a small hostile .xlsx must be refused by its limits, quickly, while the
 * API keeps answering (the sheet is read in a worker thread, not on the event loop).
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof registerMerchant>>;
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const rns = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A minimal workbook of one sheet, its XML given, with shared strings when given. */
function xlsxOf(sheetXml: string, sharedStringsXml?: string): Buffer {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        (sharedStringsXml
          ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
          : '') +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns} ${rns}><sheets><sheet name="Parcels" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
        (sharedStringsXml
          ? `<Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/>`
          : '') +
        '</Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(sheetXml),
  };
  if (sharedStringsXml) files['xl/sharedStrings.xml'] = strToU8(sharedStringsXml);
  return Buffer.from(zipSync(files, { level: 9 }));
}

const sheet = (dimension: string, rows: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}><dimension ref="${dimension}"/><sheetData>${rows}</sheetData></worksheet>`;
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const headerRow = `<row r="1">${bulkColumns.map((c, i) => inline(`${String.fromCharCode(65 + i)}1`, c.header)).join('')}</row>`;

/** The reproduction: one cell at column ALL, one at row 10 000, as Excel's writer lays it out. */
async function allColumnFile(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Parcels');
  ws.getCell('ALL1').value = 'x';
  ws.getCell('A10000').value = 'y';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Uploads a file while polling /health; the upload's answer, its time and the slowest health answer. */
async function uploadWhilePolling(filename: string, bytes: Buffer) {
  const form = multipart({}, [{ field: 'file', filename, contentType: xlsxType, bytes }]);
  const started = performance.now();
  let done = false;
  const upload = t.app
    .inject({
      method: 'POST',
      url: `/api/v1/shops/${owner.shop.id}/parcels/bulk/preview`,
      headers: { authorization: `Bearer ${owner.token}`, ...form.headers },
      payload: form.payload,
    })
    .finally(() => {
      done = true;
    });
  const healthTimes: number[] = [];
  const poll = (async () => {
    while (!done) {
      const at = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(200);
      healthTimes.push(performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const res = await upload;
  const ms = performance.now() - started;
  await poll;
  return { res, ms, slowestHealth: Math.max(...healthTimes), polls: healthTimes.length };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerMerchant(t.app);
  // Warm up: the first request loads routes' lazy parts; the first worker compiles its module.
  await uploadWhilePolling('warm.xlsx', xlsxOf(sheet('A1:K1', headerRow)));
});
afterAll(() => t.close());

describe('bulk upload: sheet limits (issue 11, finding 2)', () => {
  it('refuses one cell at column ALL and one at row 10 000, fast, with health answering throughout', async () => {
    const bytes = await allColumnFile();
    const { res, ms, slowestHealth, polls } = await uploadWhilePolling('attack.xlsx', bytes);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'FILE_TOO_LARGE', message: bulkMessages.sheetTooBig });
    expect(ms).toBeLessThan(1000);
    expect(polls).toBeGreaterThan(0);
    expect(slowestHealth).toBeLessThan(100);
  });

  it('refuses a sheet whose dimension claims 16384 × 1048576 cells', async () => {
    const bytes = xlsxOf(sheet('A1:XFD1048576', headerRow));
    const { res, ms, slowestHealth } = await uploadWhilePolling('huge.xlsx', bytes);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'FILE_TOO_LARGE', message: bulkMessages.sheetTooBig });
    expect(ms).toBeLessThan(1000);
    expect(slowestHealth).toBeLessThan(100);
  });

  it('refuses a cell past the columns or rows even when the dimension lies', async () => {
    for (const far of [inline('ALL2', 'x'), inline('A1048576', 'y')]) {
      const bytes = xlsxOf(sheet('A1:K2', `${headerRow}<row>${far}</row>`));
      const { res, ms } = await uploadWhilePolling('liar.xlsx', bytes);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().error.message).toBe(bulkMessages.sheetTooBig);
      expect(ms).toBeLessThan(1000);
    }
  });

  it('refuses a zip bomb: a sheet that inflates past the limit, declared or not', async () => {
    // 60 MB of spaces inside the sheet data packs to about 60 KB.
    const xml = sheet('A1:K1', `${headerRow}${' '.repeat(60 * 1024 * 1024)}`);
    const bomb = xlsxOf(xml);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const declared = await uploadWhilePolling('bomb.xlsx', bomb);
    expect(declared.res.statusCode, declared.res.body).toBe(413);
    expect(declared.res.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: bulkMessages.sheetTooMuchData,
    });
    expect(declared.ms).toBeLessThan(1000);
    expect(declared.slowestHealth).toBeLessThan(100);

    // The same bomb with the zip directory claiming the sheet unpacks to 1 000 bytes.
    const lying = Buffer.from(bomb);
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const centralHeader = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
    let patched = 0;
    for (let at = lying.indexOf(centralHeader); at >= 0; at = lying.indexOf(centralHeader, at + 4)) {
      // A central directory header: the uncompressed size at +24, the name at +46.
      if (!lying.subarray(at + 46, at + 46 + name.length).equals(name)) continue;
      lying.writeUInt32LE(1000, at + 24);
      patched++;
    }
    expect(patched).toBe(1);
    const lied = await uploadWhilePolling('bomb2.xlsx', lying);
    expect([400, 413], lied.res.body).toContain(lied.res.statusCode);
    expect(lied.ms).toBeLessThan(1000);
    expect(lied.slowestHealth).toBeLessThan(100);
  });

  it('refuses shared strings that declare more than the limit', async () => {
    const sst = `<?xml version="1.0" encoding="UTF-8"?><sst ${ns} count="50000000" uniqueCount="50000000"><si><t>Invoice ID</t></si></sst>`;
    const bytes = xlsxOf(sheet('A1:A1', '<row r="1"><c r="A1" t="s"><v>0</v></c></row>'), sst);
    const { res, ms } = await uploadWhilePolling('strings.xlsx', bytes);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.message).toBe(bulkMessages.sheetTooMuchData);
    expect(ms).toBeLessThan(1000);
  });

  it('reads shared strings, inline strings and numbers of a hand-made sheet', async () => {
    const sst = `<?xml version="1.0" encoding="UTF-8"?><sst ${ns} count="2" uniqueCount="2"><si><t>Rahima</t></si><si><r><t>House 5, Road 3, </t></r><r><t>Gulshan 1, Dhaka</t></r></si></sst>`;
    const row =
      '<row r="2"><c r="A2" t="inlineStr"><is><t>INV-7</t></is></c><c r="B2" t="s"><v>0</v></c>' +
      '<c r="C2" t="str"><f>"017"&amp;"11111111"</f><v>01711111111</v></c><c r="E2" t="s"><v>1</v></c>' +
      '<c r="F2" t="inlineStr"><is><t>dhaka-city--gulshan</t></is></c><c r="G2"><v>500</v></c><c r="H2"><v>1200</v></c><c r="I2"><v>1250</v></c></row>';
    const table = await readXlsxTable(xlsxOf(sheet('A1:K2', `${headerRow}${row}`), sst));
    expect(table[1]).toEqual([
      'INV-7',
      'Rahima',
      '01711111111',
      '',
      'House 5, Road 3, Gulshan 1, Dhaka',
      'dhaka-city--gulshan',
      '500',
      '1200',
      '1250',
    ]);
  });

  it('stops a worker that runs past its time limit', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `<row>${inline(`A${i + 2}`, `INV-${i}`)}</row>`).join(
      '',
    );
    const started = performance.now();
    const error = await readXlsxTable(xlsxOf(sheet('A1:K3001', `${headerRow}${rows}`)), {
      ...defaultSheetReadOptions,
      timeoutMs: 1,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'FILE_TOO_LARGE', message: bulkMessages.sheetTooSlow });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('bulk upload: a CSV within the same limits as an .xlsx', () => {
  const header = `${bulkColumns.map((c) => c.header).join(',')}\n`;
  const uploadCsv = (text: string) => {
    const form = multipart({}, [
      { field: 'file', filename: 'p.csv', contentType: 'text/csv', bytes: Buffer.from(text) },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/shops/${owner.shop.id}/parcels/bulk/preview`,
      headers: { authorization: `Bearer ${owner.token}`, ...form.headers },
      payload: form.payload,
    });
  };

  it('refuses more rows or columns than an .xlsx may have, as it reads: 5 MB of line breaks stopped the event loop for 6 s', async () => {
    // Before, all five million rows were read, then mapped, then counted (review finding).
    for (const text of [
      header + '\n'.repeat(4_900_000),
      header + ','.repeat(4_900_000),
      header + 'x\n'.repeat(30_000),
    ]) {
      const started = performance.now();
      const res = await uploadCsv(text);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(413);
      expect(res.json().error).toMatchObject({ code: 'FILE_TOO_LARGE', message: bulkMessages.sheetTooBig });
      expect(performance.now() - started).toBeLessThan(3000);
    }
  });

  it('still reads a CSV within the limits', async () => {
    const res = await uploadCsv(`${header}${'\n'.repeat(50)}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(bulkMessages.noRows);
  });
});

describe('bulk upload: a cell longer than any field', () => {
  it('is refused as that row’s error, not a 500', async () => {
    const header = `${bulkColumns.map((c) => c.header).join(',')}\n`;
    const text = `${header}${'x'.repeat(5_000)},Rahima Begum,01712345678\n`;
    const form = multipart({}, [
      { field: 'file', filename: 'p.csv', contentType: 'text/csv', bytes: Buffer.from(text) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/shops/${owner.shop.id}/parcels/bulk/preview`,
      headers: { authorization: `Bearer ${owner.token}`, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const row = res.json().rows[0];
    expect(row.errors.length).toBeGreaterThan(0);
  });
});
