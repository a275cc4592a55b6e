export * from './geometry';
export * from './gesture';
