// fontkit 2 ships no types; the PDFs only create fonts from the DejaVu TTF files and hand them to pdfkit.
declare module "fontkit" {
  export interface Font {
    postscriptName: string;
    layout(text: string): unknown;
  }
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): Font;
}
