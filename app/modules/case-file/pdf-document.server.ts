import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";

/**
 * The case file's PDFs (decision 0041): pdfkit with DejaVu fonts embedded from the installed package (no network, no
 * system font), tagged for PDF/UA in French. The parsed fonts are kept for the life of the process: parsing the
 * TTF again for every document tripled the generation time.
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
  mono: "dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf",
} as const;
export type FontName = keyof typeof FONT_FILES;

let fonts: Record<FontName, fontkit.Font> | undefined;

/** Latin letters and their accents, spacing and combining, punctuation and currency signs: what the PDFs write. */
const WARMED_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x24f],
  [0x2b0, 0x36f],
  [0x2000, 0x20cf],
];

/**
 * A kept font hands out the same glyph objects to every document, with the characters of the first text that asked
 * for each glyph: a glyph first reached as a part of an accented one ("E" inside "É") has none, and every later
 * document's text layer then loses that letter ("SIR N"). So each character's glyph is asked for first, by its
 * character.
 */
function withCharactersKnown(font: fontkit.Font): fontkit.Font {
  for (const [first, last] of WARMED_RANGES) {
    for (let codePoint = first; codePoint <= last; codePoint += 1) {
      if (font.hasGlyphForCodePoint(codePoint)) font.glyphForCodePoint(codePoint);
    }
  }
  return font;
}

function loadedFonts(): Record<FontName, fontkit.Font> {
  fonts ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, withCharactersKnown(fontkit.create(readFileSync(require.resolve(file))) as fontkit.Font)]),
  ) as Record<FontName, fontkit.Font>;
  return fonts;
}

export type Pdf = PDFKit.PDFDocument;

export const PAGE_MARGIN = 50;
export const COLORS = { text: "#0f172a", muted: "#334155", rule: "#94a3b8", headerFill: "#e2e8f0", brand: "#1e3a8a" } as const;

/** A new A4 document, tagged (PDF/UA), in French, with the fonts registered and page numbers added on `finish`. */
export function newPdf(title: string, subject: string): Pdf {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE_MARGIN,
    pdfVersion: "1.7",
    // PDF/UA is supported by pdfkit 0.20 (identifier in the XMP metadata) but missing from its typings.
    subset: "PDF/UA" as PDFKit.Mixins.PDFSubsets,
    tagged: true,
    lang: "fr-FR",
    displayTitle: true,
    bufferPages: true,
    autoFirstPage: true,
    info: { Title: title, Subject: subject, Author: "Recours", Creator: "Recours", Producer: "Recours (pdfkit)" },
  });
  const loaded = loadedFonts();
  // pdfkit accepts a parsed fontkit font (anything with layout()); its typings only list paths and buffers.
  for (const name of Object.keys(loaded) as FontName[]) doc.registerFont(name, loaded[name] as unknown as Buffer);
  doc.font("regular").fontSize(10).fillColor(COLORS.text);
  // PDF/UA: one 'Document' element at the root of the structure tree, every section under it.
  const root = doc.struct("Document");
  doc.addStructure(root);
  roots.set(doc, root);
  return doc;
}

const roots = new WeakMap<Pdf, PDFKit.PDFStructureElement>();

/** Adds 'title — page n / N' at the foot of every page, marked as an artifact (not read as content). */
function addPageNumbers(doc: Pdf, footer: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent("Artifact", { type: "Pagination" });
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(`${footer} — page ${index + 1} / ${range.count}`, PAGE_MARGIN, doc.page.height - 32, {
        width: doc.page.width - 2 * PAGE_MARGIN,
        align: "center",
        lineBreak: false,
      });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }
}

/** Ends the document and collects it. */
export function finishPdf(doc: Pdf, footer: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    addPageNumbers(doc, footer);
    roots.get(doc)?.end();
    doc.end();
  });
}

/** Structure helpers: every piece of text belongs to a tagged element (H1, H2, P…) of a section. */
export function section(doc: Pdf): PDFKit.PDFStructureElement {
  const element = doc.struct("Sect");
  const root = roots.get(doc);
  if (root) root.add(element);
  else doc.addStructure(element);
  return element;
}

export function heading(doc: Pdf, parent: PDFKit.PDFStructureElement, level: 1 | 2 | 3, text: string): void {
  const size = level === 1 ? 20 : level === 2 ? 14 : 11.5;
  if (level === 2) doc.moveDown(0.8);
  // Keep a heading with what follows it.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
  doc
    .font("bold")
    .fontSize(size)
    .fillColor(level === 1 ? COLORS.brand : COLORS.text)
    .text(text, { structParent: parent, structType: `H${level}` } as PDFKit.Mixins.TextOptions);
  doc.moveDown(0.3).font("regular").fontSize(10).fillColor(COLORS.text);
}

export function paragraph(doc: Pdf, parent: PDFKit.PDFStructureElement, text: string, options: PDFKit.Mixins.TextOptions = {}): void {
  doc.text(text, { ...options, structParent: parent, structType: "P" } as PDFKit.Mixins.TextOptions);
}

/** 'Label : value' lines (no-break space before the colon, French style). */
export function labelled(doc: Pdf, parent: PDFKit.PDFStructureElement, label: string, value: string): void {
  const element = doc.struct("P");
  parent.add(element);
  element.add(
    doc.struct("Span", {}, () => {
      doc.font("bold").text(`${label}\u202f: `, { continued: true });
    }),
  );
  element.add(
    doc.struct("Span", {}, () => {
      doc.font("regular").text(value);
    }),
  );
  element.end();
}

export interface Column {
  header: string;
  width: number;
  align?: "left" | "right";
  font?: FontName;
  size?: number;
}

type Cell = string | { text: string; colSpan?: number; font?: FontName; size?: number; align?: "left" | "right" };

const CELL_PADDING = 3;
const TABLE_FONT_SIZE = 9;

interface PlacedCell {
  text: string;
  x: number;
  width: number;
  font: FontName;
  size: number;
  align: "left" | "right";
}

/**
 * A tagged table (Table, TR, TH scoped to its column, TD), drawn row by row: a row that does not fit starts a new page
 * and the header row is repeated there. Borders and fills are artifacts. pdfkit's own table() gave each cell an
 * attribute dictionary and measured every cell twice: 2.5 times slower and 7 times larger for 300 rows.
 */
export function table(doc: Pdf, parent: PDFKit.PDFStructureElement, columns: Column[], rows: Cell[][]): void {
  const left = doc.page.margins.left;
  const element = doc.struct("Table");
  parent.add(element);
  const place = (row: Cell[], header: boolean): PlacedCell[] => {
    let x = left;
    let index = 0;
    return row.map((cell) => {
      const value = typeof cell === "string" ? { text: cell } : cell;
      const span = value.colSpan ?? 1;
      const spanned = columns.slice(index, index + span);
      const column = columns[index]!;
      const placed: PlacedCell = {
        text: value.text,
        x,
        width: spanned.reduce((sum, col) => sum + col.width, 0),
        font: header ? "bold" : (value.font ?? column.font ?? "regular"),
        size: value.size ?? column.size ?? TABLE_FONT_SIZE,
        align: value.align ?? column.align ?? "left",
      };
      x += placed.width;
      index += span;
      return placed;
    });
  };
  const heightOf = (cells: PlacedCell[]) =>
    Math.max(
      ...cells.map((cell) => {
        if (!cell.text) return 0;
        doc.font(cell.font).fontSize(cell.size);
        return doc.heightOfString(cell.text, { width: cell.width - 2 * CELL_PADDING });
      }),
    ) +
    2 * CELL_PADDING;
  const drawRow = (cells: PlacedCell[], header: boolean, height: number) => {
    const top = doc.y;
    doc.markContent("Artifact", { type: "Layout" });
    doc.save().lineWidth(0.5).strokeColor(COLORS.rule);
    if (header) doc.rect(left, top, cells.reduce((sum, cell) => sum + cell.width, 0), height).fill(COLORS.headerFill);
    for (const cell of cells) doc.rect(cell.x, top, cell.width, height).stroke();
    doc.restore();
    doc.endMarkedContent();
    const tableRow = doc.struct("TR");
    element.add(tableRow);
    for (const cell of cells) {
      const tagged = doc.struct(header ? "TH" : "TD", {}, () => {
        if (!cell.text) return;
        doc
          .font(cell.font)
          .fontSize(cell.size)
          .fillColor(COLORS.text)
          .text(cell.text, cell.x + CELL_PADDING, top + CELL_PADDING, { width: cell.width - 2 * CELL_PADDING, align: cell.align, lineGap: 0 });
      });
      // A column header for the cells under it (PDF/UA: TH with a Scope attribute).
      if (header) (tagged as unknown as { dictionary: { data: Record<string, unknown> } }).dictionary.data.A = { O: "Table", Scope: "Column" };
      tableRow.add(tagged);
      tagged.end();
    }
    tableRow.end();
    doc.x = left;
    doc.y = top + height;
  };
  const header = place(
    columns.map((column) => ({ text: column.header, align: column.align ?? "left" })),
    true,
  );
  const headerHeight = heightOf(header);
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  if (doc.y + headerHeight * 2 > bottom()) doc.addPage();
  drawRow(header, true, headerHeight);
  for (const row of rows) {
    const cells = place(row, false);
    const height = heightOf(cells);
    if (doc.y + height > bottom()) {
      doc.addPage();
      drawRow(header, true, headerHeight);
    }
    drawRow(cells, false, height);
  }
  element.end();
  doc.x = left;
  doc.moveDown(0.3);
  doc.font("regular").fontSize(10).fillColor(COLORS.text);
}
