/**
 * lz-string, imported once for the formats that use it (share links, f-puzzles strings).
 * lz-string is a CommonJS/UMD module whose exports Node's ESM loader cannot see by name, so
 * it is imported as a default (module.exports) and its functions are taken from that: this
 * works under Vite, Vitest, esbuild's CLI bundle and plain Node ESM (tsx for bench/) alike.
 */
import LZString from 'lz-string';

export const {
  compressToBase64,
  decompressFromBase64,
  compressToEncodedURIComponent,
  decompressFromEncodedURIComponent,
} = LZString;
