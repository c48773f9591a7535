import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, rgb } from 'pdf-lib';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { FOLLOW_STATUS_COLORS } from '../../../src/core/follows/status-colors.ts';
import { FOLLOW_STATUSES } from '../../../src/core/contracts/follows.ts';
import { loadPdfFonts } from '../../../src/server/pdf/pdf-fonts.ts';
import { renderFollowReport, type ReportEntry } from '../../../src/server/modules/follow/report/report-pdf.ts';
import { sheetSnippet, snippetWindow } from '../../../src/server/modules/follow/report/sheet-snippet.ts';
import { pagesText } from '../../helpers/pdf-text.ts';

async function pixel(png: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const [r, g, b] = context.getImageData(Math.round(x), Math.round(y), 1, 1).data;
  return [r!, g!, b!];
}

const photo = () => {
  const canvas = createCanvas(1600, 1200);
  const context = canvas.getContext('2d');
  context.fillStyle = '#3a8';
  context.fillRect(0, 0, 1600, 1200);
  return canvas.toBuffer('image/jpeg');
};

const entry = (over: Partial<ReportEntry>): ReportEntry => ({
  number: 'PI-0001',
  title: 'Crack in slab',
  status: 'open',
  priority: 'normal',
  typeName: 'Punch item',
  typeColor: '#d4380d',
  assignees: [],
  reviewer: null,
  dueDate: null,
  trade: null,
  location: null,
  sheet: null,
  createdBy: 'Ana Silva',
  createTime: '2026-11-20T08:30:00Z',
  description: '',
  snippet: null,
  photos: [],
  morePhotos: 0,
  ...over,
});

describe('follow-up PDF report', () => {
  it('holds a heading page and a page per follow-up, its text readable in Latin, Chinese and Arabic', async () => {
    const fonts = loadPdfFonts();
    // The test machine has a Latin/Arabic and a CJK font (test preflight installs fonts-wqy-microhei).
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    const bytes = await renderFollowReport(
      {
        language: 'en',
        heading: 'Tower A',
        generatedAt: new Date('2026-11-27T10:00:00Z'),
        entries: [
          entry({ number: 'PI-0007', title: 'Crack in slab near column C4', assignees: ['Li Wei'], dueDate: '2026-12-03', description: 'Runs 40 cm along the edge.' }),
          entry({ number: 'PI-0008', title: '柱附近楼板开裂', status: 'closed', priority: 'high' }),
          entry({ number: 'PI-0009', title: 'شرخ في البلاطة', status: 'inProgress', photos: [{ name: 'a.jpg', bytes: photo() }], morePhotos: 3 }),
        ],
      },
      fonts,
    );
    const pages = await pagesText(bytes);
    expect(pages).toHaveLength(4);
    expect(pages[0]).toContain('Follow-up report');
    expect(pages[0]).toContain('3 follow-ups');
    expect(pages[1]).toContain('PI-0007');
    expect(pages[1]).toContain('Crack in slab near column C4');
    expect(pages[1]).toContain('Dec 3, 2026');
    expect(pages[1]).toContain('Li Wei');
    expect(pages[2]).toContain('柱附近楼板开裂');
    expect(pages[2]).toContain('Closed');
    expect(pages[3]).toContain('PI-0009');
    expect(pages[3]).toContain('In progress');
    expect(pages[3]).toContain('3 more photos in Plinth');
    expect(pages[3]).toContain('Page 4 of 4');
  });

  it('speaks the reader’s language: Chinese and Arabic words around the data', async () => {
    const fonts = loadPdfFonts();
    const input = { heading: 'Tower A', generatedAt: new Date('2026-11-27T10:00:00Z'), entries: [entry({ status: 'readyForReview' })] };
    const zh = await pagesText(await renderFollowReport({ ...input, language: 'zh-CN' }, fonts));
    expect(zh[0]).toContain('跟进事项报告');
    expect(zh[1]).toContain('待审核');
    const ar = await pagesText(await renderFollowReport({ ...input, language: 'ar' }, fonts));
    expect(ar[1]).toContain('Crack in slab');
    // Arabic is stored in visual order with joined letter forms; its words still come out readable.
    expect(ar[1]!.normalize('NFKC')).toMatch(/لحالة/);
  });

  it('colours each follow-up’s number and status line with the status’s one colour, as the sheet and the list do', async () => {
    const bytes = await renderFollowReport(
      { language: 'en', heading: 'Tower A', generatedAt: new Date('2026-11-27T10:00:00Z'), entries: FOLLOW_STATUSES.map((status) => entry({ status })) },
      loadPdfFonts(),
    );
    const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
    const colours: string[] = [];
    for (let i = 2; i <= document.numPages; i++) {
      // The page's first fill colour is the one its first line (number · status) is written in.
      const operators = await (await document.getPage(i)).getOperatorList();
      colours.push(String((operators.argsArray[operators.fnArray.indexOf(OPS.setFillRGBColor)] as unknown[])[0]));
    }
    await document.destroy();
    expect(colours).toEqual(FOLLOW_STATUSES.map((status) => FOLLOW_STATUS_COLORS[status]));
  });

  it('shows the part of a PDF sheet around the pin, the pin drawn at its place', async () => {
    const sheet = await PDFDocument.create();
    const page = sheet.addPage([1190, 842]);
    // A blue block on the left half of the sheet; the pin is dropped inside it.
    page.drawRectangle({ x: 100, y: 842 - 500, width: 400, height: 400, color: rgb(0, 0, 1) });
    const source = await sheet.save();
    const pin = { x: 300, y: 300, color: '#ff0000' };
    const png = await sheetSnippet({ kind: 'pdf', source, thumbnail: null, width: 1190, height: 842 }, pin);
    const window = snippetWindow({ width: 1190, height: 842 }, pin);
    const image = await loadImage(png!);
    const scale = image.width / window.width;
    // Just above the pin's point is the pin's colour; far from it, the sheet's blue block.
    const [r, , b] = await pixel(png!, (pin.x - window.left) * scale, (pin.y - window.top) * scale - 8);
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(80);
    const blue = await pixel(png!, (200 - window.left) * scale, (250 - window.top) * scale);
    expect(blue[2]).toBeGreaterThan(200);
    expect(blue[0]).toBeLessThan(60);
  });

  it('crops an image sheet and keeps the window on the sheet near an edge', async () => {
    const canvas = createCanvas(2000, 1000);
    const context = canvas.getContext('2d');
    context.fillStyle = '#00ff00';
    context.fillRect(0, 0, 2000, 1000);
    const window = snippetWindow({ width: 2000, height: 1000 }, { x: 5, y: 990 });
    expect(window.left).toBe(0);
    expect(window.top + window.height).toBeCloseTo(1000);
    const png = await sheetSnippet({ kind: 'image', source: canvas.toBuffer('image/png'), thumbnail: null, width: 2000, height: 1000 }, { x: 1000, y: 500, color: '#ff0000' });
    const [r, g] = await pixel(png!, 10, 10);
    expect(g).toBeGreaterThan(200);
    expect(r).toBeLessThan(40);
  });
});
