/**
 * Reads the first sheet of an .xlsx into a table of cell texts, in a worker thread (issue 11).
 *
 * Limits come first: the zip's central directory is read before anything is inflated, and an
 * entry whose declared size is over the limit is refused unopened (yauzl also stops an entry that
 * inflates past its declared size); the sheet's <dimension> is checked before its cells; each cell
 * with a value is checked for its row and column and counted as it is met; the shared strings'
 * declared count, then their real count and length, are checked as they are read. Nothing is
 * kept for cells without a value, so a sheet of one cell at ALL1 and one at A10000 costs two cells.
 *
 * This file runs on its own (new Worker(url)): under Node's TypeScript type stripping or tsx in
 * development and tests, compiled to .js next to its caller in a build. So it imports packages
 * only, never the project's TypeScript, and uses erasable TypeScript syntax only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

export type SheetLimits = {
  rows: number;
  columns: number;
  cells: number;
  entryBytes: number;
  totalBytes: number;
  entries: number;
  sharedStrings: number;
  sharedStringChars: number;
};

/** Why a file was refused; the caller turns it into a message. */
export type SheetRefusal = 'corrupt' | 'tooBig' | 'tooMuchData';
/** tooSlow and failed are the caller's: over the time limit, or the worker died (not for the file). */
export type SheetResult =
  | { ok: true; table: string[][] }
  | { ok: false; refusal: SheetRefusal | 'tooSlow' | 'failed'; reason: string };
export type SheetJob = { bytes: Uint8Array; limits: SheetLimits };

class Refusal extends Error {
  readonly refusal: SheetRefusal;
  constructor(refusal: SheetRefusal, reason: string) {
    super(reason);
    this.refusal = refusal;
  }
}

/** "ALL10000" → {column: 1000, row: 10000}; undefined when not a cell reference. */
function cellRef(ref: string): { column: number; row: number } | undefined {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref);
  if (!m) return undefined;
  let column = 0;
  for (const ch of (m[1] as string).toUpperCase()) column = column * 26 + (ch.charCodeAt(0) - 64);
  return { column, row: Number(m[2]) };
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(new Refusal('corrupt', String(error?.message ?? 'no zip')));
      else resolve(zip);
    });
  });
}

/** The central directory: every entry's name and declared sizes, nothing inflated. */
function directory(zip: yauzl.ZipFile, limits: SheetLimits): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.size >= limits.entries) {
        reject(new Refusal('tooMuchData', `more than ${limits.entries} zip entries`));
        return;
      }
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(new Refusal('corrupt', error.message)));
    zip.readEntry();
  });
}

/**
 * Streams one entry through a SAX parser. Handlers may throw a Refusal to stop at once. The
 * entry's declared size is checked (and added to the total read) before it is opened.
 */
function parseEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: { left: number },
  limits: SheetLimits,
  handlers: {
    open: (name: string, attributes: Record<string, string>) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
  },
): Promise<void> {
  if (entry.uncompressedSize > limits.entryBytes) {
    return Promise.reject(
      new Refusal('tooMuchData', `${entry.fileName} unpacks to ${entry.uncompressedSize} bytes`),
    );
  }
  if (entry.uncompressedSize > budget.left) {
    return Promise.reject(new Refusal('tooMuchData', 'the entries read unpack to too many bytes'));
  }
  budget.left -= entry.uncompressedSize;
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new Refusal('corrupt', String(error?.message ?? 'no stream')));
        return;
      }
      const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
      const decoder = new TextDecoder('utf-8');
      let failed: unknown;
      let inflated = 0;
      parser.on('opentag', (tag) => handlers.open(local(tag.name), tag.attributes));
      if (handlers.close) {
        const close = handlers.close;
        parser.on('closetag', (tag) => close(local(tag.name)));
      }
      if (handlers.text) parser.on('text', handlers.text);
      const fail = (e: unknown) => {
        if (failed) return;
        failed = e instanceof Refusal ? e : new Refusal('corrupt', String((e as Error)?.message ?? e));
        stream.destroy();
        reject(failed);
      };
      stream.on('data', (chunk: Buffer) => {
        if (failed) return;
        inflated += chunk.length;
        // yauzl refuses bytes past the declared size; this holds even if that check changes.
        if (inflated > limits.entryBytes) {
          fail(new Refusal('tooMuchData', `${entry.fileName} unpacks past the limit`));
          return;
        }
        try {
          parser.write(decoder.decode(chunk, { stream: true }));
        } catch (e) {
          fail(e);
        }
      });
      stream.on('error', fail);
      stream.on('end', () => {
        if (failed) return;
        try {
          parser.write(decoder.decode());
          parser.close();
          resolve();
        } catch (e) {
          fail(e);
        }
      });
    });
  });
}

/** A part's path from a relationship target ("worksheets/sheet1.xml" or "/xl/…"). */
function partPath(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = ['xl'];
  for (const p of target.split('/')) {
    if (p === '..') parts.pop();
    else if (p && p !== '.') parts.push(p);
  }
  return parts.join('/');
}

/** A cell as read: its text, or (t="s") the index of a shared string, resolved at the end. */
type Cell = string | number;

export async function readFirstSheet(bytes: Buffer, limits: SheetLimits): Promise<string[][]> {
  const zip = await openZip(bytes);
  try {
    const entries = await directory(zip, limits);
    const budget = { left: limits.totalBytes };

    // The workbook's first sheet and the shared strings, through the workbook's relationships.
    let firstSheetRel: string | undefined;
    const workbook = entries.get('xl/workbook.xml');
    if (!workbook) throw new Refusal('corrupt', 'no xl/workbook.xml');
    await parseEntry(zip, workbook, budget, limits, {
      open(name, attributes) {
        if (name !== 'sheet' || firstSheetRel !== undefined) return;
        const key = Object.keys(attributes).find((k) => k === 'id' || k.endsWith(':id'));
        firstSheetRel = key ? attributes[key] : undefined;
      },
    });
    const targets = new Map<string, string>();
    let sharedStringsPath = 'xl/sharedStrings.xml';
    const rels = entries.get('xl/_rels/workbook.xml.rels');
    if (rels) {
      await parseEntry(zip, rels, budget, limits, {
        open(name, attributes) {
          if (name !== 'Relationship' || !attributes.Id || !attributes.Target) return;
          targets.set(attributes.Id, partPath(attributes.Target));
          if (attributes.Type?.endsWith('/sharedStrings')) sharedStringsPath = partPath(attributes.Target);
        },
      });
    }
    const sheetPath = (firstSheetRel && targets.get(firstSheetRel)) || 'xl/worksheets/sheet1.xml';
    const sheetEntry = entries.get(sheetPath);
    if (!sheetEntry) throw new Refusal('corrupt', `no ${sheetPath}`);

    // The sheet first: its dimension is the first thing checked after the sizes.
    const rows: Cell[][] = [];
    let cells = 0;
    let rowNumber = 0;
    let column = 0;
    let cellRow = 0;
    let cellType = '';
    let value = '';
    let inline = '';
    let capture: 'v' | 't' | undefined;
    let inInline = false;
    let phonetic = 0;
    const tooBig = (what: string) => new Refusal('tooBig', what);
    await parseEntry(zip, sheetEntry, budget, limits, {
      open(name, attributes) {
        switch (name) {
          case 'dimension': {
            const ref = attributes.ref ?? '';
            const last = cellRef(ref.slice(ref.indexOf(':') + 1));
            if (last && (last.row > limits.rows || last.column > limits.columns)) {
              throw tooBig(`dimension ${ref}`);
            }
            break;
          }
          case 'row':
            rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
            column = 0;
            break;
          case 'c': {
            const at = attributes.r ? cellRef(attributes.r) : undefined;
            column = at ? at.column : column + 1;
            cellRow = at ? at.row : rowNumber;
            cellType = attributes.t ?? 'n';
            value = '';
            inline = '';
            break;
          }
          case 'v':
            capture = 'v';
            break;
          case 'is':
            inInline = true;
            break;
          case 'rPh':
            phonetic++;
            break;
          case 't':
            if (inInline && phonetic === 0) capture = 't';
            break;
        }
      },
      text(text) {
        if (capture === 'v') value += text;
        else if (capture === 't') inline += text;
      },
      close(name) {
        switch (name) {
          case 'v':
          case 't':
            capture = undefined;
            break;
          case 'is':
            inInline = false;
            break;
          case 'rPh':
            phonetic--;
            break;
          case 'c': {
            let cell: Cell;
            if (cellType === 'inlineStr') cell = inline;
            else if (value === '') cell = '';
            else if (cellType === 's') cell = Number(value);
            else if (cellType === 'b') cell = value === '1' ? 'true' : 'false';
            else if (cellType === 'n') {
              const n = Number(value);
              cell = Number.isFinite(n) ? String(n) : value;
            } else cell = value;
            if (cell === '') break;
            if (!Number.isSafeInteger(cellRow) || cellRow < 1 || cellRow > limits.rows) {
              throw tooBig(`a cell at row ${cellRow}`);
            }
            if (column < 1 || column > limits.columns) throw tooBig(`a cell at column ${column}`);
            if (++cells > limits.cells) throw new Refusal('tooMuchData', `more than ${limits.cells} cells`);
            const row = rows[cellRow - 1] ?? [];
            rows[cellRow - 1] = row;
            row[column - 1] = cell;
            break;
          }
        }
      },
    });

    // Shared strings, read only when a cell needs them.
    const shared: string[] = [];
    const sharedEntry = entries.get(sharedStringsPath);
    const needsShared = rows.some((row) => row?.some((c) => typeof c === 'number'));
    if (needsShared && sharedEntry) {
      let chars = 0;
      let current = '';
      let inItem = false;
      let inText = false;
      let sstPhonetic = 0;
      await parseEntry(zip, sharedEntry, budget, limits, {
        open(name, attributes) {
          if (name === 'sst') {
            const declared = Number(attributes.uniqueCount ?? attributes.count ?? 0);
            if (declared > limits.sharedStrings) {
              throw new Refusal('tooMuchData', `${declared} shared strings declared`);
            }
          } else if (name === 'si') {
            inItem = true;
            current = '';
          } else if (name === 'rPh') sstPhonetic++;
          else if (name === 't' && inItem && sstPhonetic === 0) inText = true;
        },
        text(text) {
          if (!inText) return;
          chars += text.length;
          if (chars > limits.sharedStringChars) throw new Refusal('tooMuchData', 'shared strings too long');
          current += text;
        },
        close(name) {
          if (name === 't') inText = false;
          else if (name === 'rPh') sstPhonetic--;
          else if (name === 'si') {
            inItem = false;
            if (shared.length >= limits.sharedStrings) {
              throw new Refusal('tooMuchData', `more than ${limits.sharedStrings} shared strings`);
            }
            shared.push(current);
          }
        },
      });
    }
    return Array.from(rows, (row) =>
      row ? Array.from(row, (c) => (typeof c === 'number' ? (shared[c] ?? '') : (c ?? ''))) : [],
    );
  } finally {
    zip.close();
  }
}

async function run(job: SheetJob): Promise<SheetResult> {
  try {
    const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    return { ok: true, table: await readFirstSheet(bytes, job.limits) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, refusal: error.refusal, reason: error.message };
    return { ok: false, refusal: 'corrupt', reason: String((error as Error)?.message ?? error) };
  }
}

// Started by xlsx-sheet.ts: one job at a time, each answered with its id.
if (parentPort && (workerData as { kind?: string } | null)?.kind === 'xlsx-sheet') {
  const port = parentPort;
  port.on('message', (message: { id: number; job: SheetJob }) => {
    void run(message.job).then((result) => port.postMessage({ id: message.id, result }));
  });
}
