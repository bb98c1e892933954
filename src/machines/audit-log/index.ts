export * from './machine';
export * from './filters';
export * from './csv';
export { liveAuditList, liveAuditLogMachine } from './actors';
