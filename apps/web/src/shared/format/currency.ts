export const DEFAULT_CURRENCY = 'INR';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(code: string): Intl.NumberFormat | null {
  const cached = formatters.get(code);
  if (cached) return cached;
  try {
    const formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formatters.set(code, formatter);
    return formatter;
  } catch {
    return null;
  }
}

/**
 * Amount in en-US style with the currency's symbol: `formatCurrency(1234.5, 'INR')` gives
 * '₹1,234.50'. A code the runtime cannot format falls back to the code text ('ABCD 1,234.50').
 * Non-numeric amounts give ''.
 */
export function formatCurrency(
  amount: number | string | null | undefined,
  code: string = DEFAULT_CURRENCY,
): string {
  const value = typeof amount === 'string' ? Number(amount.replace(/,/g, '')) : amount;
  if (value === null || value === undefined || amount === '' || !Number.isFinite(value)) return '';
  const normalised = code.trim().toUpperCase() || DEFAULT_CURRENCY;
  const formatter = formatterFor(normalised);
  // Intl separates a code from the number with a no-break space; a plain space reads the same
  // and keeps copied text and comparisons simple.
  if (formatter) return formatter.format(value).replace(/\u00a0/g, ' ');
  const number = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
  return `${normalised} ${number}`;
}
