// heic-decode 2.1 ships no types: what attachments/heic-worker.ts uses of it.
declare module "heic-decode" {
  type Pixels = { width: number; height: number; data: Uint8ClampedArray };
  type LazyImage = { width: number; height: number; decode: () => Promise<Pixels> };
  const decode: {
    (input: { buffer: Uint8Array }): Promise<Pixels>;
    all(input: { buffer: Uint8Array }): Promise<LazyImage[] & { dispose: () => void }>;
  };
  export default decode;
}
