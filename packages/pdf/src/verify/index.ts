export type * from './types';
export { verifyPdf } from './verify';
