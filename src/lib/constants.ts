// Business constants of the console (docs/behaviour.md).

export { GRAPH_PAGE_SIZE, LIST_ALL_PAGE_SIZE, PAGE_SIZE, REF_PICKER_PAGE_SIZE } from './page-sizes';
export const PICKER_SEARCH_RESULTS = 5;
export const FILTER_DEBOUNCE_MS = 300;
export const UPLOAD_CONCURRENCY = 5;
export const VIEWER_SIZE_CAP_BYTES = 20_971_520;
/** Previewed under the objects listing of its folder. */
export const README_FILE_NAME = 'README.md';
export const CONTENT_DIFF_CAP_BYTES = 122_880;
export const CHANGE_SUMMARY_LIMIT = 10_000;
export const CHANGE_SUMMARY_PAGE_SIZE = 1000;
/** How often a running action run, and the log of a running hook, are read again. */
export const ACTION_RUN_POLL_MS = 2000;
export const SHORT_COMMIT_ID_LENGTH = 12;
export const SQL_PREVIEW_LIMIT = 20;
export const SQL_MAX_ROWS_SHOWN = 1000;
export const GC_WARNING_AGE_DAYS = 14;
export const DEFAULT_ADMIN_USERNAME = 'admin';
export const DEFAULT_GC_RETENTION_DAYS = 21;
export const DEFAULT_BRANCH_GC_RETENTION_DAYS = 28;
export const ACL_BANNER_DISMISS_KEY = 'lakefs:ui:acl:dismissRBACAlert';
export const IMPORT_FROM_INVENTORY_BRANCH = 'import-from-inventory';
export const CONTENT_DIFF_EXTENSIONS = ['txt', 'text', 'csv', 'tsv', 'yaml', 'yml', 'json'] as const;
/** lakeFS's deleteObjects takes at most this many paths a request. */
export const DELETE_OBJECTS_CHUNK = 1000;
/** "Select all in this prefix" stops listing at this many objects, and says so. */
export const SELECT_IN_PREFIX_CAP = 100_000;
