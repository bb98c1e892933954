export * from './machine';
export { liveBranchList, liveRefPickerMachine, liveTagList } from './actors';
