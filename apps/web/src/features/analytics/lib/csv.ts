/**
 * CSV files the merchant opens in Excel: UTF-8 with a byte-order mark (without it Excel reads
 * Arabic as mojibake), comma-separated, CRLF line ends, every text field quoted when it must be.
 * Built in the browser from the figures already on screen; nothing is asked of the server.
 */

export const CSV_BOM = '\uFEFF';

export type CsvCell = string | number | null;

// A cell starting like a formula would run as one in a spreadsheet ("=HYPERLINK(…)" in a
// shopper's name); a leading apostrophe makes it text. Numbers are ours and stay numbers.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file's text: BOM, the header row, then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** Saves `text` as a file the browser downloads. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
