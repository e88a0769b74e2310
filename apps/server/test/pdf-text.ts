import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * What a PDF reader gets out of a document we render: its text page by page (extracted by PDF.js, as a
 * browser's viewer would, through the fonts' Unicode maps) and the fonts it carries.
 */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await document.destroy();
  return pages;
}

/** The fonts a PDF uses, by base name, and whether each carries its own glyph outlines. */
export async function pdfFonts(bytes: Uint8Array): Promise<{ name: string; embedded: boolean }[]> {
  const pdf = await PDFDocument.load(bytes);
  const fonts: { name: string; embedded: boolean }[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor'))
      continue;
    const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((key) => object.has(PDFName.of(key)));
    fonts.push({ name: String(object.get(PDFName.of('FontName'))), embedded });
  }
  return fonts;
}
