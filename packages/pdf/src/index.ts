/**
 * @yinzhang/pdf: PDF work on bytes (Uint8Array in, Uint8Array out) for the browser, a Web Worker
 * and Node alike. See README.md.
 */
export * from './defaults';
export * from './errors';
export * from './geometry';
export { type ExifOrientation, type ImageKind, imageKind, jpegOrientation } from './images';
export * from './img2pdf';
export * from './info';
export * from './merge';
export * from './notices';
export * from './paging';
export * from './paging-plan';
export * from './placement';
export type * from './progress';
export { looksComplete, looksLikePdf } from './sniff';
export * from './stamp';
export * from './units';
