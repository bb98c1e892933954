export * from './machine';
export * from './from-fetch';
