// CSV for spreadsheets (RFC 4180), safe to open: a text cell that a spreadsheet would read as a
// formula (starting with = + - @, or a tab or carriage return) gets a leading apostrophe.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text with CRLF line ends, led by a byte-order mark so spreadsheets read UTF-8. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return "\uFEFF" + rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
