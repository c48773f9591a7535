// hls.js ships types for its full build only; the light build has the same API minus features Plinth does not use.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}

// The worker script as a URL of the build (Vite's `?url`), so the transmuxer runs off the main thread.
declare module 'hls.js/dist/hls.worker.js?url' {
  const url: string;
  export default url;
}
