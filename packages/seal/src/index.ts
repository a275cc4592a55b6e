export * from './fonts';
export * from './limits';
export * from './schemas';
