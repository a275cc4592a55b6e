export * from './draw';
export * from './fonts';
export * from './layout';
export * from './limits';
export * from './schemas';
export * from './spec';
export * from './units';
