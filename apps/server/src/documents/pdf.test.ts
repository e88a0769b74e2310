import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { padGlyphs } from './pad-glyphs.ts';
import { renderPdf, wrapText } from './pdf.ts';

/** The font programs a PDF embeds, decoded. */
async function embeddedFonts(bytes: Uint8Array): Promise<Uint8Array[]> {
  const pdf = await PDFDocument.load(bytes);
  const fonts: Uint8Array[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor'))
      continue;
    const file = pdf.context.lookup(object.get(PDFName.of('FontFile2')));
    if (file instanceof PDFRawStream) fonts.push(decodePDFRawStream(file).decode());
  }
  return fonts;
}

describe('the PDF renderer', () => {
  it('embeds font subsets whose every glyph can be drawn, the peso sign included', async () => {
    const bytes = await renderPdf({
      title: 'Loan Agreement',
      language: 'en',
      footer: 'Signed document SHA-256 0123456789abcdef',
      pageLabel: (page, pages) => `Page ${page} of ${pages}`,
      createdAt: new Date('2026-03-02T01:00:00Z'),
      blocks: [
        { kind: 'heading', text: 'Your loan' },
        { kind: 'rows', rows: [{ label: 'Amount borrowed', value: '₱1,000', strong: true }] },
        { kind: 'paragraph', text: 'Declaración de divulgación · Kasunduan sa loan — ñ é ü −₱100' },
      ],
    });
    const fonts = await embeddedFonts(bytes);
    expect(fonts).toHaveLength(2); // regular and bold
    for (const bytesOfFont of fonts) {
      const font = fontkit.create(bytesOfFont as Buffer);
      expect(font.numGlyphs).toBeGreaterThan(10);
      // An unpadded source font gave subsets whose glyphs point into their neighbours: readers drew nothing.
      let drawn = 0;
      for (let id = 1; id < font.numGlyphs; id++) {
        expect(() => font.getGlyph(id).path.toSVG(), `glyph ${id}`).not.toThrow();
        if (font.getGlyph(id).path.toSVG() !== '') drawn++;
      }
      // Every glyph but the space has an outline.
      expect(drawn).toBe(font.numGlyphs - 2);
    }
  });

  it('pads every glyph of the source font to four bytes and keeps its outlines', async () => {
    const require = createRequire(import.meta.url);
    const source = new Uint8Array(
      await readFile(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
    );
    const padded = fontkit.create(Buffer.from(padGlyphs(source)));
    const original = fontkit.create(Buffer.from(source));
    expect(padded.numGlyphs).toBe(original.numGlyphs);
    for (const text of ['₱1,000', 'Kasunduan', 'Declaración']) {
      const a = original.layout(text).glyphs.map((glyph) => glyph.path.toSVG());
      const b = padded.layout(text).glyphs.map((glyph) => glyph.path.toSVG());
      expect(b).toEqual(a);
    }
    const offsets = (padded as unknown as { loca: { offsets: number[] } }).loca.offsets;
    expect(offsets.every((offset) => offset % 4 === 0)).toBe(true);
  });

  it('wraps long words (a hash) by characters and keeps lines within the width', async () => {
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(fontkit);
    const font = await pdf.embedFont(
      padGlyphs(
        new Uint8Array(
          await readFile(
            createRequire(import.meta.url).resolve(
              '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
            ),
          ),
        ),
      ),
    );
    const hash = 'a'.repeat(64);
    const lines = wrapText(`Fingerprint ${hash} end`, font, 10, 120);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(120);
    expect(lines.join('').replace(/ /g, '')).toBe(`Fingerprint${hash}end`);
  });
});
