export * from './machine';
export { diffSides, liveDiffTreeMachine } from './actors';
