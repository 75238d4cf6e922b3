/**
 * The invoice as a PDF (pdfkit): the same InvoiceDocument as the hosted page, laid out on Letter
 * paper for a customer in the US or Canada and A4 elsewhere, with
 * the standard Helvetica fonts, so the text is real text (selectable, searchable, read by
 * `pdftotext`). No browser is involved. Characters outside the standard fonts' Latin set
 * (WinAnsi) cannot be drawn by them and come out as substitutes.
 */
import PDFDocument from 'pdfkit';
import { InvoiceDocument, statusLabel } from './invoice-pages.mapper';

const MARGIN = 50;
const INK = '#1f2937';
const MUTED = '#4b5563';
const LINE = '#d1d5db';

export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: doc.paperSize,
    margin: MARGIN,
    info: { Title: `${doc.title} — ${doc.companyName}`, Author: doc.companyName, Subject: doc.title, Creator: 'Tally' },
    lang: 'en',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const width = pdf.page.width - 2 * MARGIN;
  const left = MARGIN;

  // header: company, title, status
  pdf
    .fillColor(doc.accentColor)
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(doc.companyName, left, MARGIN, { width: width - 140 });
  const statusColor = doc.status === 'PAID' ? '#166534' : doc.status === 'VOID' ? '#374151' : doc.status === 'OVERDUE' ? '#b91c1c' : INK;
  pdf
    .fillColor(statusColor)
    .font('Helvetica-Bold')
    .fontSize(doc.status === 'PAID' || doc.status === 'VOID' ? 22 : 14)
    .text(statusLabel(doc.status), left + width - 140, MARGIN, { width: 140, align: 'right' });
  pdf.moveDown(1);
  pdf
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(doc.title, left, Math.max(pdf.y, MARGIN + 40));
  pdf.moveDown(0.5);

  // facts
  pdf.fontSize(10);
  for (const f of doc.facts) {
    const y = pdf.y;
    pdf.fillColor(MUTED).font('Helvetica').text(f.label, left, y, { width: 110 });
    pdf
      .fillColor(INK)
      .font('Helvetica-Bold')
      .text(f.value, left + 115, y, { width: width - 115 });
  }

  // what is due and where to pay it, or how it was paid
  if (doc.payUrl) {
    pdf.moveDown(0.8);
    pdf.fillColor(INK).font('Helvetica-Bold').fontSize(12).text(`${doc.due} due ${doc.dueDate}`, left, undefined, { width });
    pdf
      .fillColor(doc.accentColor)
      .font('Helvetica')
      .fontSize(10)
      .text(`Pay online: ${doc.payUrl}`, left, undefined, { width, link: doc.payUrl, underline: true });
  } else if (doc.paidWith) {
    pdf.moveDown(0.8);
    pdf.fillColor('#166534').font('Helvetica-Bold').fontSize(11).text(doc.paidWith, left, undefined, { width });
  }

  // from (the issuer) and billed to, side by side
  pdf.moveDown(1);
  const partiesTop = pdf.y;
  const half = (width - 20) / 2;
  let partiesBottom = partiesTop;
  const party = (title: string, lines: string[], x: number) => {
    if (!lines.length) return;
    pdf.fillColor(MUTED).font('Helvetica-Bold').fontSize(10).text(title, x, partiesTop, { width: half });
    pdf.fillColor(INK).font('Helvetica').fontSize(10);
    for (const l of lines) pdf.text(l, x, undefined, { width: half });
    partiesBottom = Math.max(partiesBottom, pdf.y);
  };
  party('From', doc.issuer, left);
  party('Billed to', doc.billedTo, left + half + 20);
  pdf.x = left;
  pdf.y = partiesBottom;

  // lines
  pdf.moveDown(1.5);
  const cols = [
    { title: 'Description', x: left, w: width - 250, align: 'left' as const },
    { title: 'Qty', x: left + width - 250, w: 60, align: 'right' as const },
    { title: 'Unit price', x: left + width - 185, w: 85, align: 'right' as const },
    { title: 'Amount', x: left + width - 95, w: 95, align: 'right' as const },
  ];
  const rule = () => {
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    pdf.moveDown(0.3);
  };
  const row = (cells: string[], font: string, size = 10) => {
    if (pdf.y > pdf.page.height - MARGIN - 60) pdf.addPage();
    const y = pdf.y;
    let bottom = y;
    pdf.font(font).fontSize(size).fillColor(INK);
    cells.forEach((c, k) => {
      pdf.text(c, cols[k].x, y, { width: cols[k].w, align: cols[k].align });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.y = bottom + 4;
  };
  row(
    cols.map((c) => c.title),
    'Helvetica-Bold',
  );
  rule();
  for (const l of doc.lines) {
    // a roll-up: each child's heading and subtotal in bold
    if (l.row) row([l.name, '', '', l.amount], 'Helvetica-Bold');
    else row([l.detail ? `${l.name}\n${l.detail}` : l.name, l.quantity, l.unitPrice, l.amount], 'Helvetica');
  }
  if (doc.lines.length === 0) row(['No lines.', '', '', ''], 'Helvetica');
  rule();

  // totals
  const total = (label: string, value: string, bold = false) => {
    if (pdf.y > pdf.page.height - MARGIN - 40) pdf.addPage();
    const y = pdf.y;
    pdf
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    pdf.text(label, left, y, { width: width - 105, align: 'right' });
    const after = pdf.y;
    pdf.text(value, left + width - 95, y, { width: 95, align: 'right' });
    pdf.y = Math.max(after, pdf.y) + 2;
  };
  total('Subtotal', doc.subTotal);
  for (const a of doc.adjustments) total(a.name, a.amount);
  for (const x of doc.taxes) total(x.name, x.amount);
  if (doc.creditsApplied) total('Credits applied', doc.creditsApplied);
  total('Total', doc.total, true);
  total('Paid', doc.paid);
  total('Amount due', doc.due, true);

  if (doc.notes) {
    pdf.moveDown(1);
    pdf.fillColor(MUTED).font('Helvetica-Bold').fontSize(10).text('Notes', left);
    pdf.fillColor(INK).font('Helvetica').text(doc.notes, left, undefined, { width });
  }
  if (doc.supportEmail) {
    pdf.moveDown(1);
    pdf
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(`Questions? Contact ${doc.companyName} at ${doc.supportEmail}`, left, undefined, { width });
  }
  pdf.end();
  return done;
}
