import { and, eq, max, or, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { isUuid } from '@esigns/contracts/ids';
import { currencyDigits, type TInvoice, type TMoney } from '@esigns/contracts/payments';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { findCompanyById } from '../company';
import { gatewayContext } from './context';
import { paymentInvoiceCounters, paymentInvoices } from './schema';
import { invoiceView, type InvoiceRow, type TransactionRow } from './views';

/**
 * The series an invoice of this transaction is numbered in: the payer company's for the
 * instance's bills (INSTANCE scope), the collecting company's for its own payments.
 */
export function seriesOf(txn: TransactionRow): string {
  if (txn.scope === 'COMPANY' && txn.companyId) return `C:${txn.companyId}`;
  return txn.payerCompanyId ? `I:${txn.payerCompanyId}` : 'INSTANCE';
}

/**
 * Takes the next number of a series and year: the upsert locks the counter row until the
 * transaction ends (like `select ... for update`), so two payments settling at once get n and
 * n + 1, and a rollback gives its number back (no gaps).
 */
async function nextNumber(tx: Db, seriesKey: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(paymentInvoiceCounters)
    .values({ seriesKey, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [paymentInvoiceCounters.seriesKey, paymentInvoiceCounters.year],
      set: { lastNumber: sql`${paymentInvoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: paymentInvoiceCounters.lastNumber });
  return row!.lastNumber;
}

export const invoiceNumber = (year: number, seq: number): string =>
  `INV-${year}-${String(seq).padStart(6, '0')}`;

/**
 * Issues the invoice of a paid period (0: the payment itself; renewals count on), in the
 * caller's transaction. Once per (transaction, period): a second call answers the first invoice.
 */
export async function issueInvoice(
  tx: Db,
  txn: TransactionRow,
  options: {
    period?: number | 'next';
    providerInvoiceId?: string | null;
    periodStart?: Date | null;
    periodEnd?: Date | null;
    totalMinor?: number;
  } = {},
): Promise<InvoiceRow> {
  let period = options.period ?? 0;
  if (period === 'next') {
    const [last] = await tx
      .select({ n: max(paymentInvoices.period) })
      .from(paymentInvoices)
      .where(eq(paymentInvoices.transactionId, txn.id));
    period = (last?.n ?? -1) + 1;
  } else {
    const [existing] = await tx
      .select()
      .from(paymentInvoices)
      .where(and(eq(paymentInvoices.transactionId, txn.id), eq(paymentInvoices.period, period)));
    if (existing) return existing;
  }
  const ctx = gatewayContext();
  const issuedAt = new Date();
  const year = issuedAt.getUTCFullYear();
  const seriesKey = seriesOf(txn);
  const seq = await nextNumber(tx, seriesKey, year);
  const issuer =
    txn.scope === 'COMPANY' && txn.companyId ? await findCompanyById(tx, txn.companyId) : undefined;
  const payerCompany = txn.payerCompanyId ? await findCompanyById(tx, txn.payerCompanyId) : undefined;
  const [row] = await tx
    .insert(paymentInvoices)
    .values({
      transactionId: txn.id,
      period,
      providerInvoiceId: options.providerInvoiceId ?? null,
      seriesKey,
      year,
      seq,
      number: invoiceNumber(year, seq),
      issuerCompanyId: issuer ? issuer.id : null,
      issuerName: issuer?.name ?? ctx.instanceName,
      payerCompanyId: txn.payerCompanyId,
      payerEmail: txn.payerEmail,
      payerName: txn.payerName ?? payerCompany?.name ?? null,
      lines: txn.lines,
      discount: period === 0 ? (txn.discount ?? null) : null,
      totalMinor: options.totalMinor ?? txn.amountMinor,
      currency: txn.currency,
      provider: txn.provider,
      periodStart: options.periodStart ?? null,
      periodEnd: options.periodEnd ?? null,
      issuedAt,
    })
    .returning();
  return row!;
}

/** The first invoice of each transaction (its payment), by transaction id. */
export async function firstInvoiceIds(
  db: Pick<Db, 'select'>,
  txnIds: string[],
): Promise<Map<string, string>> {
  if (txnIds.length === 0) return new Map();
  const rows = await db
    .select({ id: paymentInvoices.id, txn: paymentInvoices.transactionId })
    .from(paymentInvoices)
    .where(
      and(
        sql`${paymentInvoices.transactionId} = any(${sql.param(txnIds)}::uuid[])`,
        eq(paymentInvoices.period, 0),
      ),
    );
  return new Map(rows.map((r) => [r.txn, r.id]));
}

/** An invoice the company issued or was billed with; 404 otherwise. */
export async function findInvoiceFor(
  db: Pick<Db, 'select'>,
  companyId: string,
  id: string,
): Promise<InvoiceRow> {
  if (!isUuid(id)) throw notFound('Invoice');
  const [row] = await db
    .select()
    .from(paymentInvoices)
    .where(
      and(
        eq(paymentInvoices.id, id),
        or(eq(paymentInvoices.issuerCompanyId, companyId), eq(paymentInvoices.payerCompanyId, companyId)),
      ),
    );
  if (!row) throw notFound('Invoice');
  return row;
}

export async function getInvoice(db: Pick<Db, 'select'>, companyId: string, id: string): Promise<TInvoice> {
  return invoiceView(await findInvoiceFor(db, companyId, id));
}

// ---------------------------------------------------------------------------------------------
// PDF

/** Helvetica speaks WinAnsi: other characters become '?'. */
const winAnsi = (text: string): string => text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');

/** `INR 1,234.50`: the currency code (the rupee sign is not in Helvetica). */
export function moneyText(money: TMoney): string {
  const digits = currencyDigits(money.currency);
  const major = money.amountMinor / 10 ** digits;
  const amount = new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(major);
  return `${money.currency} ${amount}`;
}

const dateText = (iso: string): string => iso.slice(0, 10);

export async function renderInvoicePdf(invoice: TInvoice): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.number}`);
  doc.setProducer('e-Signs');
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.4);
  const left = 50;
  const right = 545;
  let y = 790;
  const text = (
    p: PDFPage,
    value: string,
    x: number,
    at: number,
    font: PDFFont,
    size = 10,
    align: 'left' | 'right' = 'left',
  ) => {
    const safe = winAnsi(value);
    const dx = align === 'right' ? font.widthOfTextAtSize(safe, size) : 0;
    p.drawText(safe, { x: x - dx, y: at, font, size, color: rgb(0.1, 0.1, 0.15) });
  };

  text(page, 'INVOICE', left, y, bold, 22);
  text(page, invoice.number, right, y + 6, bold, 12, 'right');
  text(page, `Issued ${dateText(invoice.issuedAt)}`, right, y - 10, regular, 10, 'right');
  y -= 50;
  text(page, 'From', left, y, bold, 10);
  text(page, 'Billed to', 300, y, bold, 10);
  y -= 15;
  text(page, invoice.issuer.name.slice(0, 60), left, y, regular);
  text(page, (invoice.payer.name ?? invoice.payer.email).slice(0, 50), 300, y, regular);
  y -= 14;
  text(page, invoice.payer.email.slice(0, 60), 300, y, regular);
  if (invoice.periodStart && invoice.periodEnd) {
    y -= 20;
    text(page, `Period ${dateText(invoice.periodStart)} to ${dateText(invoice.periodEnd)}`, left, y, regular);
  }
  y -= 36;
  page.drawLine({ start: { x: left, y: y + 14 }, end: { x: right, y: y + 14 }, thickness: 0.8, color: grey });
  text(page, 'Description', left, y, bold);
  text(page, 'Qty', 360, y, bold, 10, 'right');
  text(page, 'Unit price', 450, y, bold, 10, 'right');
  text(page, 'Amount', right, y, bold, 10, 'right');
  y -= 8;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.5, color: grey });
  y -= 16;
  for (const line of invoice.lines.slice(0, 30)) {
    const qty = line.quantity ?? 1;
    text(page, line.description.slice(0, 55), left, y, regular);
    text(page, String(qty), 360, y, regular, 10, 'right');
    text(page, moneyText(line.amount), 450, y, regular, 10, 'right');
    text(
      page,
      moneyText({ ...line.amount, amountMinor: line.amount.amountMinor * qty }),
      right,
      y,
      regular,
      10,
      'right',
    );
    y -= 16;
  }
  if (invoice.discount) {
    text(page, invoice.discount.description.slice(0, 55), left, y, regular);
    text(page, `- ${moneyText(invoice.discount.amount)}`, right, y, regular, 10, 'right');
    y -= 16;
  }
  page.drawLine({ start: { x: 300, y: y + 6 }, end: { x: right, y: y + 6 }, thickness: 0.8, color: grey });
  y -= 12;
  text(page, 'Total', 300, y, bold, 12);
  text(page, moneyText(invoice.total), right, y, bold, 12, 'right');
  y -= 30;
  text(
    page,
    `Paid (${invoice.provider === 'STRIPE' ? 'card, Stripe' : 'bank transfer'}). Payment reference ${invoice.transactionId}.`,
    left,
    y,
    regular,
    9,
  );
  return doc.save();
}
