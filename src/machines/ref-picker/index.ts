export * from './machine';
export { createLiveRefPickerMachine, liveRefList } from './actors';
