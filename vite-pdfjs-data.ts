import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * pdf.js's data files, served by the app itself under /pdfjs/ (no CDN): the standard fonts (PDFs that name
 * Helvetica or Times without embedding them), the CMaps (CJK text), and the JavaScript JPEG 2000 decoder used
 * instead of WebAssembly, since the console's pdf.js runs with useWasm false. Emitted into build/client at build
 * time; served from node_modules by Vite in development.
 */
export const PDFJS_DATA_FOLDERS = { standard_fonts: /\.(pfb|ttf)$/, cmaps: /\.bcmap$/, wasm: /^openjpeg_nowasm_fallback\.js$/ } as const;

function pdfjsRoot(): string {
  return path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
}

function dataFiles(): { fileName: string; absolute: string }[] {
  const root = pdfjsRoot();
  return Object.entries(PDFJS_DATA_FOLDERS).flatMap(([folder, pattern]) =>
    readdirSync(path.join(root, folder))
      .filter((name) => pattern.test(name))
      .map((name) => ({ fileName: `pdfjs/${folder}/${name}`, absolute: path.join(root, folder, name) })),
  );
}

export function pdfjsData(): Plugin {
  return {
    name: "recours-pdfjs-data",
    configureServer(server) {
      const files = new Map(dataFiles().map((file) => [`/${file.fileName}`, file.absolute]));
      server.middlewares.use((req, res, next) => {
        const file = files.get((req.url ?? "").split("?")[0]!);
        if (!file) return next();
        res.setHeader("Content-Type", file.endsWith(".js") ? "text/javascript" : "application/octet-stream");
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const file of dataFiles()) this.emitFile({ type: "asset", fileName: file.fileName, source: readFileSync(file.absolute) });
    },
  };
}
