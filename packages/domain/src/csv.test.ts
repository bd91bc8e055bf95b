import { describe, expect, it } from 'vitest';
import { csvCell, csvFile, csvLine, parseCsv, takaText } from './csv';

describe('CSV', () => {
  it('reads quotes, doubled quotes, CRLF and a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n\nlast')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      [''],
      ['last'],
    ]);
  });

  it('writes taka with two decimals from poisha, exactly', () => {
    expect(takaText(123_450)).toBe('1234.50');
    expect(takaText(125000)).toBe('1250.00');
    expect(takaText(7)).toBe('0.07');
    expect(takaText(100)).toBe('1.00');
    expect(takaText(-6050)).toBe('-60.50');
    expect(() => takaText(1.5)).toThrow();
  });

  it('never lets a spreadsheet run a cell, and quotes what would split a row', () => {
    for (const bad of ['=SUM(A1)', '+1', '-1+2', '@cmd', '\tx'])
      expect(csvCell(bad).startsWith("'")).toBe(true);
    expect(csvCell('-Karim, Fashion')).toBe(`"'-Karim, Fashion"`);
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('Karim Fashion')).toBe('Karim Fashion');
    expect(csvCell(-5)).toBe('-5');
  });

  it('writes amounts as numbers and keeps formulas from running', () => {
    expect(csvLine(['DK1', { poisha: -6050 }, { poisha: 5 }, 3, '=HYPERLINK("x")', 'a,b', null])).toBe(
      `DK1,-60.50,0.05,3,"'=HYPERLINK(""x"")","a,b",`,
    );
  });

  it('writes a file as a header and rows with CRLF line ends', () => {
    expect(csvFile(['a', 'b'], [['1', 2]])).toBe('a,b\r\n1,2\r\n');
    expect(csvFile(['n', 'amount'], [['=x', { poisha: 150 }]])).toBe("n,amount\r\n'=x,1.50\r\n");
  });
});
