/**
 * Rewrites a TrueType font so every glyph's outline starts on a 4-byte boundary. pdf-lib's font subsetter
 * copies each glyph's bytes as they are and then may write the short `loca` format, which can only point at
 * even offsets: with an unpadded font (Noto Sans as Google Fonts builds it) most glyphs of the subset then
 * point into the middle of their neighbours and readers draw nothing. Padding the source once fixes every
 * subset. Only `glyf`, `loca` and `head` change; the other tables are copied.
 */

const TABLE_RECORD = 16;
const HEADER = 12;

function checksum(bytes: Uint8Array): number {
  const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}

const align4 = (n: number) => Math.ceil(n / 4) * 4;

export function padGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const numTables = view.getUint16(4);
  const tables = new Map<string, Uint8Array>();
  const order: string[] = [];
  for (let i = 0; i < numTables; i++) {
    const record = HEADER + i * TABLE_RECORD;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    tables.set(tag, font.slice(offset, offset + length));
    order.push(tag);
  }
  const head = tables.get('head');
  const maxp = tables.get('maxp');
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  if (!head || !maxp || !loca || !glyf) return font; // not a TrueType outline font: nothing to pad

  const headView = new DataView(head.buffer);
  const longOffsets = headView.getInt16(50) === 1;
  const numGlyphs = new DataView(maxp.buffer).getUint16(4);
  const locaView = new DataView(loca.buffer);
  const offsetOf = (gid: number) =>
    longOffsets ? locaView.getUint32(gid * 4) : locaView.getUint16(gid * 2) * 2;

  const newLoca = new Uint8Array((numGlyphs + 1) * 4);
  const newLocaView = new DataView(newLoca.buffer);
  const pieces: Uint8Array[] = [];
  let offset = 0;
  for (let gid = 0; gid < numGlyphs; gid++) {
    newLocaView.setUint32(gid * 4, offset);
    const outline = glyf.subarray(offsetOf(gid), offsetOf(gid + 1));
    const padded = new Uint8Array(align4(outline.length));
    padded.set(outline);
    pieces.push(padded);
    offset += padded.length;
  }
  newLocaView.setUint32(numGlyphs * 4, offset);
  const newGlyf = new Uint8Array(offset);
  let at = 0;
  for (const piece of pieces) {
    newGlyf.set(piece, at);
    at += piece.length;
  }
  headView.setInt16(50, 1); // long loca offsets
  headView.setUint32(8, 0); // checkSumAdjustment, recomputed below
  tables.set('loca', newLoca);
  tables.set('glyf', newGlyf);

  const size =
    HEADER +
    numTables * TABLE_RECORD +
    order.reduce((sum, tag) => sum + align4(tables.get(tag)?.length ?? 0), 0);
  const out = new Uint8Array(size);
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, HEADER));
  let dataAt = HEADER + numTables * TABLE_RECORD;
  let headAt = 0;
  order.forEach((tag, i) => {
    const table = tables.get(tag) as Uint8Array;
    const record = HEADER + i * TABLE_RECORD;
    out.set(font.subarray(record, record + 4), record);
    outView.setUint32(record + 4, checksum(table));
    outView.setUint32(record + 8, dataAt);
    outView.setUint32(record + 12, table.length);
    out.set(table, dataAt);
    if (tag === 'head') headAt = dataAt;
    dataAt += align4(table.length);
  });
  outView.setUint32(headAt + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}
