// Vite answers `?url` imports with the asset's URL: the pdf.js worker is served as a file of its own.
declare module 'pdfjs-dist/build/pdf.worker.min.mjs?url' {
  const url: string;
  export default url;
}
