/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet. Farmers open exports in Excel or
 * Sheets, which run a cell starting with `=`, `+`, `-` or `@` as a formula; a product or customer
 * name such as `=HYPERLINK(...)` must show as text, never run. OWASP's advice: prefix such cells
 * with a single quote, which spreadsheets take as "this is text".
 */

export type CsvValue = string | number | null;

// Tab and carriage return start formulas in some spreadsheets too (OWASP CSV injection).
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  // Numbers are data the export itself produced (quantities), so a negative one stays a number.
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows joined with CRLF, as RFC 4180 asks, and a final CRLF so appending a row stays valid. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
