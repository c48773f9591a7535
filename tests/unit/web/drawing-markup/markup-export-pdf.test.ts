import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, degrees, scale } from 'pdf-lib';
import { getDocument, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { MarkupBody } from '../../../../src/core/drawings/markup.ts';
import type { ShapeTexts } from '../../../../src/web/drawing-kit/markup-shapes.tsx';
import { drawMarkupsOnPdfPage } from '../../../../src/web/pages/drawings/markups/markup-export.ts';

const PDFJS_ROOT = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const texts: ShapeTexts = { stamp: (stamp) => stamp, measure: () => null, link: 'Link' };

/** A filled red box near the shown sheet's top-left, and a word further in: both away from every symmetry of the page. */
const BOX: MarkupBody = { kind: 'rectangle', points: [[50, 40], [110, 80]], style: { color: '#ff0000', width: 2, opacity: 1, fill: '#ff0000' }, visibility: 'published' };
const WORD: MarkupBody = { kind: 'text', points: [[200, 150]], text: 'N1', style: { color: '#0000ff', width: 1, opacity: 1, fill: null, fontSize: 20 }, visibility: 'published' };

/** A 600×400 pt page whose crop box is moved off the media box's corner, turned by `turn` (/Rotate). */
async function turnedPage(turn: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 400]);
  page.setCropBox(20, 30, 560, 340);
  page.setRotation(degrees(turn));
  return doc.save();
}

async function openWithPdfJs(bytes: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: path.join(PDFJS_ROOT, 'standard_fonts') + path.sep, isEvalSupported: false, verbosity: 0 }).promise;
  return { doc, page: await doc.getPage(1) };
}

describe('the PDF export of a sheet with its markups', () => {
  for (const turn of [0, 90, 180, 270, -90]) {
    it(`puts markups where they are on the sheet of a page with /Rotate ${turn}`, async () => {
      const source = await turnedPage(turn);
      // The sheet's size as the register measures it: the page as pdf.js shows it.
      const before = await openWithPdfJs(source);
      const shown = before.page.getViewport({ scale: 1 });
      const sheet = { width: shown.width, height: shown.height };
      await before.doc.destroy();
      expect(sheet).toEqual(Math.abs(turn) % 180 === 90 ? { width: 340, height: 560 } : { width: 560, height: 340 });

      const doc = await PDFDocument.load(source);
      const page = doc.getPage(0);
      await drawMarkupsOnPdfPage(doc, page, sheet, [BOX, WORD], texts);
      const after = await openWithPdfJs(await doc.save());
      try {
        // The page keeps its turn: read back as shown, one pixel is one sheet unit.
        const viewport = after.page.getViewport({ scale: 1 });
        expect({ width: viewport.width, height: viewport.height }).toEqual(sheet);
        const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
        const ctx = canvas.getContext('2d');
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        await after.page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: ctx as unknown as CanvasRenderingContext2D, viewport }).promise;
        const reddish = (x: number, y: number) => {
          const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
          return r! > 240 && g! < 225 && b! < 225;
        };
        // Inside the box (its fill, and its border), and not beside it on any side.
        expect([reddish(80, 60), reddish(55, 45), reddish(105, 75), reddish(50, 60), reddish(110, 60)]).toEqual([true, true, true, true, true]);
        expect([reddish(44, 60), reddish(116, 60), reddish(80, 34), reddish(80, 86)]).toEqual([false, false, false, false]);
        // Nor where a turned or mirrored page would have put it.
        expect([reddish(sheet.width - 80, 60), reddish(80, sheet.height - 60), reddish(sheet.width - 80, sheet.height - 60)]).toEqual([false, false, false]);

        // The word starts at its point, its first line's baseline 0.9 of its size below, and reads upright.
        const content = await after.page.getTextContent();
        const item = content.items.find((i) => 'str' in i && i.str === 'N1');
        expect(item).toBeDefined();
        const [a, b, , , e, f] = Util.transform(viewport.transform, (item as { transform: number[] }).transform) as number[];
        expect(e).toBeCloseTo(200, 3);
        expect(f).toBeCloseTo(150 + 20 * 0.9, 3);
        expect(a).toBeCloseTo(20, 3);
        expect(b).toBeCloseTo(0, 3);
      } finally {
        await after.doc.destroy();
      }
    });
  }

  it('keeps markups in place when the page’s own drawing leaves a transform open', async () => {
    const made = await PDFDocument.create();
    // A page's drawing that scales everything after it by 3 and never restores it.
    made.addPage([600, 400]).pushOperators(scale(3, 3));
    const doc = await PDFDocument.load(await made.save());
    const page = doc.getPage(0);
    await drawMarkupsOnPdfPage(doc, page, { width: 600, height: 400 }, [BOX], texts);
    const after = await openWithPdfJs(await doc.save());
    try {
      const viewport = after.page.getViewport({ scale: 1 });
      const canvas = createCanvas(600, 400);
      const ctx = canvas.getContext('2d');
      await after.page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: ctx as unknown as CanvasRenderingContext2D, viewport }).promise;
      const [r, g] = ctx.getImageData(80, 60, 1, 1).data;
      expect(r).toBeGreaterThan(240);
      expect(g).toBeLessThan(225);
    } finally {
      await after.doc.destroy();
    }
  });
});
