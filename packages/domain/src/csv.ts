/**
 * CSV as the money files use it (RFC 4180): fields split by commas, quoted with `"` when they hold
 * a comma, a quote or a line break, rows ended by CRLF or LF.
 */

/** The rows of a CSV text (a leading byte-order mark dropped, a trailing line break ignored). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') endRow();
    else if (c === '\r' && text[i + 1] === '\n') {
      endRow();
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** A money cell: poisha, written as taka with two decimals. */
export type PoishaCell = { poisha: number };

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return) gets a leading `'`; numbers are written as they are (a negative
 * number stays a number); a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of cells: amounts as taka text, an empty cell for null. */
export function csvLine(cells: readonly (string | number | PoishaCell | null)[]): string {
  return cells
    .map((cell) => {
      if (cell === null) return '';
      if (typeof cell === 'object') return takaText(cell.poisha);
      return csvCell(cell);
    })
    .join(',');
}

/** A CSV file: the header row, then one line per row, CRLF line ends as RFC 4180 says. */
export function csvFile(
  header: readonly string[],
  rows: readonly (readonly (string | number | PoishaCell | null)[])[],
): string {
  return `${[header, ...rows].map(csvLine).join('\r\n')}\r\n`;
}

/** Poisha as taka with two decimals, the way the money files write amounts (`-60.50`, `1234.50`). */
export function takaText(poisha: number): string {
  if (!Number.isSafeInteger(poisha)) throw new Error(`amount not in poisha: ${poisha}`);
  const sign = poisha < 0 ? '-' : '';
  const abs = Math.abs(poisha);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
