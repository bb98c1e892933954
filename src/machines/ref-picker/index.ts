export * from './machine';
export { createLiveRefPickerMachine } from './actors';
