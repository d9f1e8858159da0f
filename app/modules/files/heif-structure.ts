/**
 * What a HEIC/HEIF file's boxes declare about its primary image, read without decoding anything: its size from `ispe`
 * and, for a grid (`grid` item), the rows, columns, output size and the tiles it assembles (`dimg` references).
 * A few kilobytes of repeated tiles can declare a huge picture: the sizes are checked here before any decoder runs.
 */
export interface HeifPrimary {
  itemType: string;
  width: number;
  height: number;
  grid?: { rows: number; columns: number; outputWidth: number; outputHeight: number; tiles: number[]; tileWidth: number; tileHeight: number };
}

export class HeifStructureError extends Error {
  override name = "HeifStructureError";
}

interface Box {
  type: string;
  start: number;
  /** First byte of the payload (after the size, type and any 64-bit size). */
  body: number;
  end: number;
}

function* boxes(data: Buffer, start: number, end: number): Generator<Box> {
  let at = start;
  while (at + 8 <= end) {
    let size = data.readUInt32BE(at);
    const type = data.toString("latin1", at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > end) throw new HeifStructureError("boîte tronquée");
      const large = data.readBigUInt64BE(at + 8);
      if (large > BigInt(end - at)) throw new HeifStructureError("boîte démesurée");
      size = Number(large);
      body = at + 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < body - at || at + size > end) throw new HeifStructureError(`boîte ${type} hors du fichier`);
    yield { type, start: at, body, end: at + size };
    at += size;
  }
}

function child(data: Buffer, parent: { body: number; end: number }, type: string, skip = 0): Box | undefined {
  for (const box of boxes(data, parent.body + skip, parent.end)) if (box.type === type) return box;
  return undefined;
}

/** A reader that refuses to step past its box. */
class Cursor {
  constructor(
    private readonly data: Buffer,
    public at: number,
    private readonly end: number,
  ) {}
  private need(bytes: number) {
    if (this.at + bytes > this.end) throw new HeifStructureError("boîte trop courte");
  }
  u8() {
    this.need(1);
    return this.data[this.at++]!;
  }
  u16() {
    this.need(2);
    const value = this.data.readUInt16BE(this.at);
    this.at += 2;
    return value;
  }
  u32() {
    this.need(4);
    const value = this.data.readUInt32BE(this.at);
    this.at += 4;
    return value;
  }
  uint(bytes: number) {
    if (bytes === 0) return 0;
    if (bytes === 2) return this.u16();
    if (bytes === 4) return this.u32();
    if (bytes === 8) {
      this.need(8);
      const value = this.data.readBigUInt64BE(this.at);
      this.at += 8;
      if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new HeifStructureError("position démesurée");
      return Number(value);
    }
    throw new HeifStructureError("taille de champ inconnue");
  }
  fourcc() {
    this.need(4);
    const value = this.data.toString("latin1", this.at, this.at + 4);
    this.at += 4;
    return value;
  }
}

/** Properties (`ipco`) by their 1-based index, and which ones each item has (`ipma`). */
function propertiesOf(data: Buffer, iprp: Box): Map<number, Box[]> {
  const ipco = child(data, iprp, "ipco");
  const ipma = child(data, iprp, "ipma");
  if (!ipco || !ipma) throw new HeifStructureError("propriétés absentes");
  const properties = [...boxes(data, ipco.body, ipco.end)];
  const byItem = new Map<number, Box[]>();
  const cursor = new Cursor(data, ipma.body, ipma.end);
  const version = cursor.u8();
  const flags = (cursor.u8() << 16) | cursor.u16();
  const entries = cursor.u32();
  for (let i = 0; i < entries; i += 1) {
    const item = version < 1 ? cursor.u16() : cursor.u32();
    const count = cursor.u8();
    const list = byItem.get(item) ?? [];
    for (let k = 0; k < count; k += 1) {
      const index = flags & 1 ? cursor.u16() & 0x7fff : cursor.u8() & 0x7f;
      const property = properties[index - 1];
      if (property) list.push(property);
    }
    byItem.set(item, list);
  }
  return byItem;
}

function ispeOf(data: Buffer, properties: Box[] | undefined): { width: number; height: number } | undefined {
  const ispe = properties?.find((box) => box.type === "ispe");
  if (!ispe) return undefined;
  const cursor = new Cursor(data, ispe.body + 4, ispe.end);
  return { width: cursor.u32(), height: cursor.u32() };
}

function itemTypes(data: Buffer, iinf: Box): Map<number, string> {
  const cursor = new Cursor(data, iinf.body, iinf.end);
  const version = cursor.u8();
  cursor.u8();
  cursor.u16();
  const count = version === 0 ? cursor.u16() : cursor.u32();
  const types = new Map<number, string>();
  let seen = 0;
  for (const infe of boxes(data, cursor.at, iinf.end)) {
    if (infe.type !== "infe") continue;
    seen += 1;
    const entry = new Cursor(data, infe.body, infe.end);
    const entryVersion = entry.u8();
    entry.u8();
    entry.u16();
    if (entryVersion < 2) continue;
    const id = entryVersion === 2 ? entry.u16() : entry.u32();
    entry.u16(); // protection index
    types.set(id, entry.fourcc());
  }
  if (seen !== count) throw new HeifStructureError("liste d'éléments incohérente");
  return types;
}

function derivedImages(data: Buffer, iref: Box | undefined, from: number): number[] {
  if (!iref) return [];
  const version = data[iref.body]!;
  for (const reference of boxes(data, iref.body + 4, iref.end)) {
    if (reference.type !== "dimg") continue;
    const cursor = new Cursor(data, reference.body, reference.end);
    const source = version === 0 ? cursor.u16() : cursor.u32();
    const count = cursor.u16();
    const targets: number[] = [];
    for (let i = 0; i < count; i += 1) targets.push(version === 0 ? cursor.u16() : cursor.u32());
    if (source === from) return targets;
  }
  return [];
}

/** The bytes of one item (for a grid, a few bytes), from `iloc`: in the file or in `idat`. */
function itemData(data: Buffer, meta: Box, item: number): Buffer {
  const iloc = child(data, meta, "iloc", 4);
  if (!iloc) throw new HeifStructureError("iloc absent");
  const cursor = new Cursor(data, iloc.body, iloc.end);
  const version = cursor.u8();
  cursor.u8();
  cursor.u16();
  const sizes = cursor.u16();
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseOffsetSize = (sizes >> 4) & 0xf;
  const indexSize = version === 1 || version === 2 ? sizes & 0xf : 0;
  const count = version < 2 ? cursor.u16() : cursor.u32();
  for (let i = 0; i < count; i += 1) {
    const id = version < 2 ? cursor.u16() : cursor.u32();
    const method = version === 1 || version === 2 ? cursor.u16() & 0xf : 0;
    cursor.u16(); // data reference index
    const baseOffset = cursor.uint(baseOffsetSize);
    const extents = cursor.u16();
    const parts: Buffer[] = [];
    let total = 0;
    for (let e = 0; e < extents; e += 1) {
      cursor.uint(indexSize);
      const offset = cursor.uint(offsetSize);
      const length = cursor.uint(lengthSize);
      if (id !== item) continue;
      let source = data;
      const origin = baseOffset + offset;
      if (method === 1) {
        const idat = child(data, meta, "idat", 4);
        if (!idat) throw new HeifStructureError("idat absent");
        source = data.subarray(idat.body, idat.end);
      } else if (method !== 0) {
        throw new HeifStructureError("construction d'élément non prise en charge");
      }
      const size = length === 0 ? source.length - origin : length;
      // A grid description is a dozen bytes: anything larger is not one.
      if (origin < 0 || size < 0 || origin + size > source.length || total + size > 64) throw new HeifStructureError("données d'élément hors du fichier");
      parts.push(source.subarray(origin, origin + size));
      total += size;
    }
    if (id === item) return Buffer.concat(parts);
  }
  throw new HeifStructureError("élément sans données");
}

/** Reads the primary image's declared size (a grid: its output size and tiles) from the file's `meta` box. */
export function readHeifPrimary(data: Buffer): HeifPrimary {
  let meta: Box | undefined;
  for (const box of boxes(data, 0, data.length)) {
    if (box.type === "meta") {
      meta = box;
      break;
    }
  }
  if (!meta) throw new HeifStructureError("boîte meta absente");
  // `meta` is a full box: 4 bytes of version and flags before its children.
  const pitm = child(data, meta, "pitm", 4);
  const iinf = child(data, meta, "iinf", 4);
  const iprp = child(data, meta, "iprp", 4);
  if (!pitm || !iinf || !iprp) throw new HeifStructureError("image principale introuvable");
  const pitmCursor = new Cursor(data, pitm.body, pitm.end);
  const pitmVersion = pitmCursor.u8();
  pitmCursor.at += 3;
  const primary = pitmVersion === 0 ? pitmCursor.u16() : pitmCursor.u32();
  const types = itemTypes(data, iinf);
  const itemType = types.get(primary);
  if (!itemType) throw new HeifStructureError("image principale sans type");
  const properties = propertiesOf(data, iprp);
  const size = ispeOf(data, properties.get(primary));
  if (itemType !== "grid") {
    if (!size) throw new HeifStructureError("dimensions absentes");
    return { itemType, ...size };
  }
  const gridBytes = itemData(data, meta, primary);
  const grid = new Cursor(gridBytes, 0, gridBytes.length);
  grid.u8(); // version
  const flags = grid.u8();
  const rows = grid.u8() + 1;
  const columns = grid.u8() + 1;
  const outputWidth = flags & 1 ? grid.u32() : grid.u16();
  const outputHeight = flags & 1 ? grid.u32() : grid.u16();
  const tiles = derivedImages(data, child(data, meta, "iref", 4), primary);
  const tileSize = tiles.length > 0 ? ispeOf(data, properties.get(tiles[0]!)) : undefined;
  if (!tileSize) throw new HeifStructureError("tuiles sans dimensions");
  return {
    itemType,
    width: size?.width ?? outputWidth,
    height: size?.height ?? outputHeight,
    grid: { rows, columns, outputWidth, outputHeight, tiles, tileWidth: tileSize.width, tileHeight: tileSize.height },
  };
}
