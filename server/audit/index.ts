// The audit log of changes, logins and refusals, kept in the metadata store.
export { AuditLog, defaultAuditRetentionSeconds, type AuditFilter, type AuditLogOptions, type AuditPage, type AuditRecord } from './audit-log';
