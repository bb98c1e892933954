// What the audit log is told of a request (server/audit): who called (or the key they tried), the permission the
// call was checked for, and then, once answered, its status. The boundary, the login call and the S3 gateway note
// the caller and the permission on the request as they learn them; observe.ts (and the Node listener for the calls
// it answers itself) turns the note into a record when the answer is known. The permission is the one the
// authorisation checked, so the log names actions exactly as policies do, without a table of its own.
import type { AuditRecord } from '../audit';
import type { Permission, Requirement } from '../auth';
import type { AppContext } from './router';

export interface AuditNote {
  user?: string;
  /** The access key id (or login name) tried, when it did not identify anyone. */
  accessKeyId?: string;
  permission?: Permission;
}

/** The receiver of records: the audit log's queue. */
export type AuditSink = (record: AuditRecord) => void;

/**
 * Notes by the request's context, which every middleware and handler of a request shares (its Request object is
 * replaced once a JSON body is read).
 */
const notes = new WeakMap<AppContext, AuditNote>();

function noteOf(c: AppContext): AuditNote {
  let note = notes.get(c);
  if (!note) notes.set(c, (note = {}));
  return note;
}

export function noteCaller(c: AppContext, user: string): void {
  noteOf(c).user = user;
}

export function noteKeyTried(c: AppContext, accessKeyId: string): void {
  noteOf(c).accessKeyId = accessKeyId;
}

/** The first permission a requirement names: the one a call is about (a merge's commit on its destination). */
export function mainPermission(requirement: Requirement): Permission | undefined {
  if ('action' in requirement) return requirement;
  const parts = 'allOf' in requirement ? requirement.allOf : requirement.anyOf;
  for (const part of parts) {
    const found = mainPermission(part);
    if (found) return found;
  }
  return undefined;
}

/** Notes the permission checked; a call checked twice (its rule, then a record it read) keeps the first. */
export function notePermission(note: AuditNote, requirement: Requirement): void {
  note.permission ??= mainPermission(requirement);
}

export function notePermissionOf(c: AppContext, requirement: Requirement): void {
  notePermission(noteOf(c), requirement);
}

export function auditNoteOf(c: AppContext): AuditNote {
  return notes.get(c) ?? {};
}

/**
 * The access key id an Authorization header or a presigned query names, without its secret or signature: HTTP Basic
 * (`id:secret`), AWS Signature V4 (`Credential=id/...`) and V2 (`AWS id:signature`, `AWSAccessKeyId=`).
 */
export function accessKeyTried(authorization: string | undefined, query: URLSearchParams): string | undefined {
  if (authorization) {
    const basic = /^basic\s+(\S+)/i.exec(authorization);
    if (basic) {
      const decoded = Buffer.from(basic[1] as string, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      return colon > 0 ? decoded.slice(0, colon) : undefined;
    }
    const v4 = /Credential=([^/,\s]+)\//.exec(authorization);
    if (v4) return v4[1];
    const v2 = /^AWS ([^:\s]+):/.exec(authorization);
    if (v2) return v2[1];
    return undefined;
  }
  const credential = query.get('X-Amz-Credential');
  if (credential) return credential.split('/')[0] || undefined;
  return query.get('AWSAccessKeyId') ?? undefined;
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const signInOperations = new Set(['login', 'logout']);

/**
 * Whether a request of the API or the S3 gateway goes in the log: a change (any method but a read), a login or
 * logout, or a refusal (401, 403) of a caller who presented credentials. A read without any is a visitor not yet
 * signed in (the console asks who is signed in before the login page), not a failed authentication.
 */
export function isAudited(method: string, operation: string, status: number, credentialsGiven: () => boolean): boolean {
  if (!readMethods.has(method)) return true;
  if (signInOperations.has(operation)) return true;
  return (status === 401 || status === 403) && credentialsGiven();
}

const repositoryInArn = /^arn:lakefs:fs:::repository\/([^/]+)/;
const repositoryInApiPath = /^\/api\/v1\/repositories\/([^/]+)/;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The repository a call is about: from the permission's resource, else the path (an API path, or a bucket). */
function repositoryOf(note: AuditNote, operation: string, path: string): string | undefined {
  const fromArn = note.permission ? repositoryInArn.exec(note.permission.resource)?.[1] : undefined;
  if (fromArn !== undefined) return fromArn;
  const fromApi = repositoryInApiPath.exec(path)?.[1];
  if (fromApi !== undefined) return decoded(fromApi);
  if (operation.startsWith('s3')) {
    const bucket = path.split('/')[1];
    return bucket ? decoded(bucket) : undefined;
  }
  return undefined;
}

export interface AnsweredRequest {
  method: string;
  /** Without its query. */
  path: string;
  operation: string;
  status: number;
  client?: string | undefined;
  requestId?: string | undefined;
}

export function auditRecord(note: AuditNote, answered: AnsweredRequest, time = Date.now()): AuditRecord {
  const repository = repositoryOf(note, answered.operation, answered.path);
  return {
    time,
    ...(note.user !== undefined ? { user: note.user } : note.accessKeyId !== undefined ? { accessKeyId: note.accessKeyId } : {}),
    ...(note.permission ? { action: note.permission.action, resource: note.permission.resource } : {}),
    operation: answered.operation,
    method: answered.method,
    path: answered.path,
    status: answered.status,
    ...(answered.client ? { client: answered.client } : {}),
    ...(repository !== undefined ? { repository } : {}),
    ...(answered.requestId ? { requestId: answered.requestId } : {}),
  };
}
