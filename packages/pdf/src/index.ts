/**
 * @yinzhang/pdf: PDF work on bytes (Uint8Array in, Uint8Array out) for the browser, a Web Worker
 * and Node alike. See README.md.
 */
export * from './defaults';
export { type EngineLogSink, formatEngineMessage, setEngineLog } from './engine-log';
export * from './errors';
export * from './find-text';
export * from './freetext';
export * from './geometry';
export { type ExifOrientation, type ImageKind, imageKind, jpegOrientation } from './images';
export * from './img2pdf';
export * from './info';
export * from './merge';
export * from './notices';
export { scanPagesAhead } from './page-scan';
export * from './paging';
export * from './paging-plan';
export * from './place-all';
export * from './placement';
export type * from './progress';
export * from './sign';
export {
  createSelfSigned,
  type SelfSigned,
  type SelfSignedKeyType,
  type SelfSignedOptions,
} from './sign/selfsigned';
export { looksComplete, looksLikePdf } from './sniff';
export * from './stamp';
export * from './units';
export * from './verify';
export * from './warm-up';
