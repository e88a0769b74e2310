import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { padGlyphs } from './pad-glyphs.ts';

/**
 * A small document renderer for what we hand borrowers as files: the signed loan agreement, a statement of
 * account, a clearance letter. Describe the document as blocks and get the PDF's bytes:
 *
 *   const bytes = await renderPdf({
 *     title: 'Loan Agreement',
 *     subtitle: 'Order 1f2e…',                        // optional, under the title
 *     language: 'en',                                   // the PDF's language tag
 *     footer: 'Document SHA-256 9f86d0…',               // every page, bottom left
 *     pageLabel: (page, pages) => `Page ${page} of ${pages}`,  // every page, bottom right
 *     createdAt: new Date(signedAt),                   // fixed metadata: same input, same bytes
 *     blocks: [
 *       { kind: 'heading', text: '1. The parties' },     // level: 1 for a part's title
 *       { kind: 'paragraph', text: 'The lender is …' },  // wrapped to the page width
 *       { kind: 'rows', rows: [{ label: 'Principal', value: '₱1,000', note: 'optional second line' }] },
 *       { kind: 'table', columns: [{ header: 'Due', width: 2 }, { header: 'Total', width: 1, align: 'right' }],
 *         rows: [['2026-12-01', '₱1,030']] },           // widths are shares of the page width
 *       { kind: 'note', text: 'Smaller, grey text' },
 *       { kind: 'pageBreak' },
 *     ],
 *   });
 *
 * Text is set in Noto Sans, embedded (subset) from its npm package: the PDF standard fonts have no peso sign
 * (₱), and an embedded font shows the same glyphs on every reader. A4, one column; blocks flow onto new
 * pages as needed, a heading never ends a page alone, and table headers repeat on every page.
 */

export type PdfBlock =
  /** Level 1 opens a part of the document (a statement after an agreement); 2, the default, a section. */
  | { kind: 'heading'; text: string; level?: 1 | 2 }
  | { kind: 'paragraph'; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'rows'; rows: PdfRow[] }
  | { kind: 'table'; columns: PdfColumn[]; rows: string[][] }
  | { kind: 'pageBreak' };

export interface PdfRow {
  label: string;
  value: string;
  note?: string;
  /** Set in bold: the figures the reader decides on. */
  strong?: boolean;
  /** A term in words: the label, then the value as a paragraph across the page, not in the right column. */
  prose?: boolean;
}

export interface PdfColumn {
  header: string;
  /** Share of the page width, relative to the other columns. */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfDocumentSpec {
  title: string;
  subtitle?: string;
  /** BCP 47 tag of the text, for screen readers. */
  language: string;
  blocks: PdfBlock[];
  footer: string;
  pageLabel: (page: number, pages: number) => string;
  /** Creation time written in the metadata; fixed so the same document renders to the same bytes. */
  createdAt: Date;
  author?: string;
}

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = { top: 56, bottom: 64, side: 50 };
const SIZE = { title: 18, subtitle: 10, part: 15, heading: 12, body: 10, note: 8.5, footer: 7.5 };
const LEADING = 1.4;
const GAP = { afterTitle: 18, beforeHeading: 12, afterHeading: 4, afterBlock: 8, rowGap: 4, cellPad: 4 };
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.82, 0.82, 0.85);
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN.side;

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;

/** The font files, read and padded once per process. */
function loadFonts() {
  fontBytes ??= (async () => ({
    regular: padGlyphs(new Uint8Array(await readFile(require.resolve(FONT_FILES.regular)))),
    bold: padGlyphs(new Uint8Array(await readFile(require.resolve(FONT_FILES.bold)))),
  }))();
  return fontBytes;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Splits text into lines no wider than `width`; a word longer than a line (a hash) is cut by characters. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Lays blocks out top to bottom, opening pages as it goes. */
class Layout {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number): void {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  lineHeight(size: number): number {
    return size * LEADING;
  }

  /** Draws lines of text at x, moving down; returns nothing, the cursor moves. */
  lines(
    lines: string[],
    options: {
      x?: number;
      size: number;
      bold?: boolean;
      color?: typeof INK;
      width?: number;
      right?: boolean;
    },
  ): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const x = options.x ?? MARGIN.side;
    for (const line of lines) {
      this.ensure(this.lineHeight(options.size));
      this.y -= this.lineHeight(options.size);
      const offset = options.right ? (options.width ?? 0) - font.widthOfTextAtSize(line, options.size) : 0;
      this.page.drawText(line, {
        x: x + offset,
        y: this.y + (this.lineHeight(options.size) - options.size) / 2,
        size: options.size,
        font,
        color: options.color ?? INK,
      });
    }
  }

  /** Cells side by side, each wrapped in its column; the row moves to a new page whole if it fits one. */
  cells(
    cells: {
      text: string[];
      x: number;
      width: number;
      size: number;
      bold?: boolean;
      right?: boolean;
      color?: typeof INK;
    }[],
  ): void {
    const height = Math.max(...cells.map((cell) => cell.text.length * this.lineHeight(cell.size)));
    this.ensure(height);
    const top = this.y;
    let bottom = top;
    for (const cell of cells) {
      this.y = top;
      this.lines(cell.text, cell);
      bottom = Math.min(bottom, this.y);
    }
    this.y = bottom;
  }

  rule(): void {
    this.page.drawLine({
      start: { x: MARGIN.side, y: this.y },
      end: { x: PAGE.width - MARGIN.side, y: this.y },
      thickness: 0.5,
      color: RULE,
    });
  }
}

function drawBlock(layout: Layout, block: PdfBlock, fonts: Fonts): void {
  const wrap = (text: string, size: number, width = CONTENT_WIDTH, bold = false) =>
    wrapText(text, bold ? fonts.bold : fonts.regular, size, width);
  switch (block.kind) {
    case 'heading': {
      const size = block.level === 1 ? SIZE.part : SIZE.heading;
      const lines = wrap(block.text, size, CONTENT_WIDTH, true);
      // Keep the heading with at least two lines of what follows it.
      layout.ensure(
        GAP.beforeHeading + lines.length * layout.lineHeight(size) + 2 * layout.lineHeight(SIZE.body),
      );
      layout.space(GAP.beforeHeading);
      layout.lines(lines, { size, bold: true });
      layout.space(GAP.afterHeading);
      return;
    }
    case 'paragraph':
      layout.lines(wrap(block.text, SIZE.body), { size: SIZE.body });
      layout.space(GAP.afterBlock / 2);
      return;
    case 'note':
      layout.lines(wrap(block.text, SIZE.note), { size: SIZE.note, color: MUTED });
      layout.space(GAP.afterBlock / 2);
      return;
    case 'rows': {
      const labelWidth = CONTENT_WIDTH * 0.45;
      const valueX = MARGIN.side + labelWidth + 12;
      const valueWidth = CONTENT_WIDTH - labelWidth - 12;
      for (const row of block.rows) {
        if (row.prose) {
          const label = wrap(row.label, SIZE.body, CONTENT_WIDTH, true);
          const text = wrap(row.value, SIZE.body, CONTENT_WIDTH);
          // The label never ends a page alone: it moves on with the first line of its text.
          layout.ensure((label.length + 1) * layout.lineHeight(SIZE.body));
          layout.lines(label, { size: SIZE.body, bold: true });
          layout.lines(text, { size: SIZE.body });
          layout.space(GAP.rowGap);
          continue;
        }
        const value = wrap(row.value, SIZE.body, valueWidth, row.strong);
        const note = row.note ? wrap(row.note, SIZE.note, valueWidth) : [];
        layout.ensure(Math.max(value.length + 1, 2) * layout.lineHeight(SIZE.body));
        layout.cells([
          {
            text: wrap(row.label, SIZE.body, labelWidth),
            x: MARGIN.side,
            width: labelWidth,
            size: SIZE.body,
            color: MUTED,
          },
          { text: value, x: valueX, width: valueWidth, size: SIZE.body, bold: row.strong },
        ]);
        if (note.length) layout.lines(note, { x: valueX, size: SIZE.note, color: MUTED });
        layout.space(GAP.rowGap);
      }
      layout.space(GAP.afterBlock / 2);
      return;
    }
    case 'table': {
      const total = block.columns.reduce((sum, column) => sum + column.width, 0);
      let x = MARGIN.side;
      const columns = block.columns.map((column) => {
        const width = (CONTENT_WIDTH * column.width) / total;
        const placed = { ...column, x, width: width - GAP.cellPad };
        x += width;
        return placed;
      });
      const header = () => {
        layout.cells(
          columns.map((column) => ({
            text: wrap(column.header, SIZE.note, column.width, true),
            x: column.x,
            width: column.width,
            size: SIZE.note,
            bold: true,
            right: column.align === 'right',
          })),
        );
        layout.space(2);
        layout.rule();
        layout.space(2);
      };
      header();
      let pages = layout.pages.length;
      for (const row of block.rows) {
        const cells = columns.map((column, index) => ({
          text: wrap(row[index] ?? '', SIZE.body, column.width),
          x: column.x,
          width: column.width,
          size: SIZE.body,
          right: column.align === 'right',
        }));
        const height = Math.max(...cells.map((cell) => cell.text.length)) * layout.lineHeight(SIZE.body);
        layout.ensure(height);
        if (layout.pages.length !== pages) {
          header();
          pages = layout.pages.length;
        }
        layout.cells(cells);
      }
      layout.space(GAP.afterBlock);
      return;
    }
    case 'pageBreak':
      layout.newPage();
      return;
  }
}

export async function renderPdf(spec: PdfDocumentSpec): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = await loadFonts();
  const fonts: Fonts = {
    regular: await pdf.embedFont(bytes.regular, { subset: true }),
    bold: await pdf.embedFont(bytes.bold, { subset: true }),
  };
  pdf.setTitle(spec.title, { showInWindowTitleBar: true });
  pdf.setLanguage(spec.language);
  if (spec.author) pdf.setAuthor(spec.author);
  pdf.setCreator('Hiram');
  pdf.setProducer('Hiram');
  pdf.setCreationDate(spec.createdAt);
  pdf.setModificationDate(spec.createdAt);

  const layout = new Layout(pdf, fonts);
  layout.lines(wrapText(spec.title, fonts.bold, SIZE.title, CONTENT_WIDTH), { size: SIZE.title, bold: true });
  if (spec.subtitle) {
    layout.lines(wrapText(spec.subtitle, fonts.regular, SIZE.subtitle, CONTENT_WIDTH), {
      size: SIZE.subtitle,
      color: MUTED,
    });
  }
  layout.space(GAP.afterTitle / 2);
  layout.rule();
  layout.space(GAP.afterTitle / 2);
  for (const block of spec.blocks) drawBlock(layout, block, fonts);

  const pages = layout.pages.length;
  layout.pages.forEach((page, index) => {
    const label = spec.pageLabel(index + 1, pages);
    const labelWidth = fonts.regular.widthOfTextAtSize(label, SIZE.footer);
    const footerWidth = CONTENT_WIDTH - labelWidth - 16;
    const footer = wrapText(spec.footer, fonts.regular, SIZE.footer, footerWidth);
    let y = MARGIN.bottom - 24;
    page.drawLine({
      start: { x: MARGIN.side, y: y + SIZE.footer * LEADING },
      end: { x: PAGE.width - MARGIN.side, y: y + SIZE.footer * LEADING },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(label, {
      x: PAGE.width - MARGIN.side - labelWidth,
      y,
      size: SIZE.footer,
      font: fonts.regular,
      color: MUTED,
    });
    for (const line of footer) {
      page.drawText(line, { x: MARGIN.side, y, size: SIZE.footer, font: fonts.regular, color: MUTED });
      y -= SIZE.footer * LEADING;
    }
  });
  return pdf.save();
}
