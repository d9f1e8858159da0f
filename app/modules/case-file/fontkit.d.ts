// fontkit 2 ships no types; the PDFs create fonts from the DejaVu TTF files, ask for each character's glyph once
// (pdf-document.server.ts) and hand them to pdfkit.
declare module "fontkit" {
  export interface Font {
    postscriptName: string;
    layout(text: string): unknown;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): unknown;
  }
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): Font;
}
