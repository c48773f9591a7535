/**
 * The part of the qrcode package the web app uses, drawing on a canvas, as the browser's type
 * check sees it (tsconfig.web.json maps 'qrcode' here): @types/qrcode types the package's Node
 * side too, and with it would bring every Node global into the web app's check.
 */
export interface QRCodeCanvasOptions {
  width?: number;
  margin?: number;
}

export function toCanvas(canvas: HTMLCanvasElement, text: string, options?: QRCodeCanvasOptions): Promise<void>;

declare const QRCode: { toCanvas: typeof toCanvas };
export default QRCode;
