import PDFDocument from 'pdfkit';
import { loadCjkFonts, type CjkFonts } from './cjk-font.ts';
import type { DemoReportSpec } from './demo-report-specs.ts';
import {
  composeReport,
  type BarChart,
  type DataTable,
  type ReportContent,
  type ReportSection,
} from './report-content.ts';

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 72, bottom: 72, left: 60, right: 60 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const ACCENT = '#f96007';
const INK = '#262626';
const MUTED = '#8c8c8c';
const REGULAR = 'cjk';
const BOLD = 'cjk-bold';
const NUMERIC = /^[-+]?[\d.]+(%|pct)?$/;

/**
 * Renders a demo report as a real PDF: cover, contents, one page per section with prose,
 * vector bar charts and tables, page footers. Fonts are embedded (subset), so pdf.js and
 * poppler both render and extract the Chinese. Deterministic: the same spec gives the same
 * bytes (the creation date is the spec's publish date, pdfkit's file id hashes it).
 */
export async function generateReportPdf(
  spec: DemoReportSpec,
  fonts: CjkFonts = loadCjkFonts(),
): Promise<Buffer> {
  const content = composeReport(spec);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true, // footers need the page total, known only at the end
    autoFirstPage: false,
    info: {
      Title: spec.title,
      Author: spec.publisher,
      Subject: `${spec.sourceType} · ${spec.industry}`,
      Keywords: spec.keywords.join(', '),
      CreationDate: spec.publishedAt,
      ModDate: spec.publishedAt,
    },
  });
  // pdfkit takes a parsed fontkit font as well as bytes (its typings list only the latter).
  doc.registerFont(REGULAR, fonts.regular.font as unknown as Buffer);
  doc.registerFont(BOLD, fonts.bold.font as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawCover(doc, content);
  drawContents(doc, content);
  for (const section of content.sections) {
    drawSection(doc, section, content);
    // Let this thread answer the PDF worker between pages: the seed lays out the next report
    // while the worker ingests the previous one, and the worker waits for page acks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const pages = doc.bufferedPageRange().count;
  if (pages !== spec.pageCount) {
    // A section overflowed its page: a bug in composeReport's budget, not bad input.
    throw new Error(`${spec.slug}: laid out ${pages} pages, expected ${spec.pageCount}`);
  }
  drawFooters(doc, content, pages);
  doc.end();
  return finished;
}

function drawCover(doc: Doc, content: ReportContent): void {
  doc.addPage();
  doc.rect(0, 0, PAGE.width, 14).fill(ACCENT);
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor(ACCENT)
    .text(content.publisher, MARGIN.left, 90, { width: CONTENT_WIDTH });
  doc
    .moveTo(MARGIN.left, 122)
    .lineTo(MARGIN.left + 48, 122)
    .lineWidth(3)
    .stroke(ACCENT);
  doc
    .font(BOLD)
    .fontSize(28)
    .fillColor(INK)
    .text(content.title, MARGIN.left, 250, { width: CONTENT_WIDTH, lineGap: 8 });
  doc.moveDown(0.8);
  doc.font(REGULAR).fontSize(14).fillColor(MUTED).text(content.subtitle, { width: CONTENT_WIDTH });
  doc.moveDown(0.4);
  doc.text(content.dateText, { width: CONTENT_WIDTH });
  doc.moveDown(1.5);
  doc.fontSize(11).fillColor(INK).text(content.keywordsLine, { width: CONTENT_WIDTH });
  doc.rect(MARGIN.left, 690, CONTENT_WIDTH, 0.8).fill('#d9d9d9');
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(content.disclaimer, MARGIN.left, 702, { width: CONTENT_WIDTH });
}

function drawContents(doc: Doc, content: ReportContent): void {
  doc.addPage();
  heading(doc, '目录');
  content.sections.forEach((section, index) => {
    const y = doc.y;
    const pageNo = String(index + 3);
    doc.font(REGULAR).fontSize(12).fillColor(INK).text(section.heading, MARGIN.left, y, { lineBreak: false });
    const textEnd = MARGIN.left + doc.widthOfString(section.heading) + 6;
    const numberX = PAGE.width - MARGIN.right - doc.widthOfString(pageNo);
    doc
      .moveTo(textEnd, y + 10)
      .lineTo(numberX - 6, y + 10)
      .lineWidth(0.6)
      .dash(1.5, { space: 2.5 })
      .stroke(MUTED)
      .undash();
    doc.fillColor(INK).text(pageNo, numberX, y, { lineBreak: false });
    doc.y = y + 26;
  });
  doc.x = MARGIN.left;
  doc.moveDown(1.5);
  heading(doc, '核心观点');
  doc.font(REGULAR).fontSize(11).fillColor(INK);
  for (const point of content.summary) {
    doc.text(`■ ${point}`, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 5, paragraphGap: 10 });
  }
}

function drawSection(doc: Doc, section: ReportSection, content: ReportContent): void {
  doc.addPage();
  heading(doc, section.heading);
  doc.font(REGULAR).fontSize(11).fillColor(INK);
  for (const paragraph of section.paragraphs) {
    doc.text(paragraph, MARGIN.left, doc.y, {
      width: CONTENT_WIDTH,
      lineGap: 5,
      paragraphGap: 10,
      indent: 22,
    });
  }
  if (section.chart) {
    drawBarChart(doc, section.chart);
  }
  if (section.table) {
    drawTable(doc, section.table);
  }
  if (section === content.sections.at(-1)) {
    doc.moveDown(1);
    doc.font(BOLD).fontSize(11).fillColor(INK).text('免责声明', MARGIN.left, doc.y, { width: CONTENT_WIDTH });
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(MUTED)
      .text(content.disclaimer, { width: CONTENT_WIDTH, lineGap: 4 });
  }
}

function heading(doc: Doc, text: string): void {
  const y = doc.y;
  doc.rect(MARGIN.left, y + 3, 4, 18).fill(ACCENT);
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(INK)
    .text(text, MARGIN.left + 14, y, { width: CONTENT_WIDTH - 14 });
  doc.x = MARGIN.left;
  doc.y = y + 40;
}

function drawBarChart(doc: Doc, chart: BarChart): void {
  const top = doc.y + 10;
  const plot = { x: MARGIN.left + 30, y: top + 28, width: CONTENT_WIDTH - 40, height: 140 };
  doc
    .font(BOLD)
    .fontSize(10)
    .fillColor(INK)
    .text(chart.title, MARGIN.left, top, { width: CONTENT_WIDTH, align: 'center' });
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor(MUTED)
    .text(`单位：${chart.unit}`, MARGIN.left, top + 14, { width: CONTENT_WIDTH, align: 'right' });
  // Headroom above the tallest bar for its value label.
  const max = Math.max(...chart.bars.map((bar) => bar.value)) * 1.15;
  const step = plot.width / chart.bars.length;
  for (let i = 0; i <= 4; i++) {
    const y = plot.y + plot.height - (plot.height * i) / 4;
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .lineWidth(0.4)
      .stroke(i === 0 ? '#595959' : '#e8e8e8');
  }
  chart.bars.forEach((bar, i) => {
    const barHeight = (plot.height * bar.value) / max;
    const x = plot.x + step * i + step * 0.25;
    const y = plot.y + plot.height - barHeight;
    doc.rect(x, y, step * 0.5, barHeight).fill(i === chart.bars.length - 1 ? ACCENT : '#fdb27f');
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(INK)
      .text(String(bar.value), x - 10, y - 11, { width: step * 0.5 + 20, align: 'center' });
    doc
      .fontSize(9)
      .text(bar.label, plot.x + step * i, plot.y + plot.height + 5, { width: step, align: 'center' });
  });
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor(MUTED)
    .text(chart.source, MARGIN.left, plot.y + plot.height + 22, { width: CONTENT_WIDTH });
  doc.x = MARGIN.left;
  doc.y = plot.y + plot.height + 40;
}

function drawTable(doc: Doc, table: DataTable): void {
  const top = doc.y + 10;
  const rowHeight = 22;
  const columnWidth = CONTENT_WIDTH / table.columns.length;
  doc
    .font(BOLD)
    .fontSize(10)
    .fillColor(INK)
    .text(table.title, MARGIN.left, top, { width: CONTENT_WIDTH, align: 'center' });
  const headerY = top + 20;
  doc.rect(MARGIN.left, headerY, CONTENT_WIDTH, rowHeight).fill('#fff1e6');
  // Numbers line up on the right, names on the left; a header follows its column.
  const alignments = table.columns.map((_, i) =>
    i > 0 && NUMERIC.test(table.rows[0]?.[i] ?? '') ? ('right' as const) : ('left' as const),
  );
  const row = (cells: string[], y: number, font: string) => {
    cells.forEach((cell, i) => {
      doc
        .font(font)
        .fontSize(9.5)
        .fillColor(INK)
        .text(cell, MARGIN.left + columnWidth * i + 6, y + 6, {
          width: columnWidth - 12,
          align: alignments[i] ?? 'left',
          lineBreak: false,
        });
    });
    doc
      .moveTo(MARGIN.left, y + rowHeight)
      .lineTo(MARGIN.left + CONTENT_WIDTH, y + rowHeight)
      .lineWidth(0.5)
      .stroke('#e8e8e8');
  };
  row(table.columns, headerY, BOLD);
  table.rows.forEach((cells, i) => row(cells, headerY + rowHeight * (i + 1), REGULAR));
  doc.x = MARGIN.left;
  doc.y = headerY + rowHeight * (table.rows.length + 1) + 14;
}

function drawFooters(doc: Doc, content: ReportContent, pages: number): void {
  for (let i = 1; i < pages; i++) {
    doc.switchToPage(i);
    // Text below the bottom margin would make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 48;
    doc
      .moveTo(MARGIN.left, y - 8)
      .lineTo(PAGE.width - MARGIN.right, y - 8)
      .lineWidth(0.5)
      .stroke('#d9d9d9');
    doc.font(REGULAR).fontSize(8).fillColor(MUTED);
    doc.text(`${content.publisher}｜${shorten(content.title, 36)}`, MARGIN.left, y, {
      width: CONTENT_WIDTH - 80,
      lineBreak: false,
    });
    doc.text(`第 ${i + 1} 页 / 共 ${pages} 页`, PAGE.width - MARGIN.right - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = MARGIN.bottom;
  }
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
