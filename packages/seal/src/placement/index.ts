export * from './draw';
export * from './geometry';
export * from './gesture';
