import type { BarcodeFormat } from 'barcode-detector/ponyfill';

/** The codes on our labels and the parts' packaging: EAN-13, Code 128 and QR. */
const FORMATS: BarcodeFormat[] = ['ean_13', 'code_128', 'qr_code'];

/** What the scanner needs of a Barcode Detection API detector (the browser's, or the ZXing one). */
export interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's BarcodeDetector where it reads all our formats, else the ZXing (WebAssembly) one. The fallback and
 * its wasm are loaded here only, when the scanner opens, and the wasm comes from our own origin (a hashed asset the
 * service worker caches once used), never from a CDN, so a scanner used once keeps working offline.
 */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (FORMATS.every((format) => supported.includes(format))) return new Native({ formats: FORMATS });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: FORMATS });
}
