// The create-repository rules and the sample repository (docs/behaviour.md, Repositories), as pure functions the flows and their
// views share.
import type { RepositoryCreation, StorageConfig } from '../api/types';

export const REPOSITORY_ID_PATTERN = /^[a-z0-9][a-z0-9-]{2,62}$/;
export const REPOSITORY_ID_MESSAGE = "Min 3 characters. Only lowercase alphanumeric characters and '-' allowed.";
export const BRANCH_MESSAGE = 'Invalid Branch.';
export const SAMPLE_REPOSITORY_ID = 'quickstart';
export const DEFAULT_BRANCH_NAME = 'main';

// Used when the server sends no storage configuration: the namespace schemes the API accepts at all.
const ANY_NAMESPACE = /^(s3|gs|https?|mem|local|transient):\/\/.+/;

export function namespaceMessage(storage: StorageConfig | undefined): string {
  return `Can only create repository with storage type: ${storage?.blockstore_type ?? 'unknown'}`;
}

function namespacePattern(storage: StorageConfig | undefined): RegExp {
  const source = storage?.blockstore_namespace_ValidityRegex;
  if (!source) return ANY_NAMESPACE;
  try {
    return new RegExp(source);
  } catch {
    return ANY_NAMESPACE;
  }
}

export interface RepositoryFormValues {
  id: string;
  defaultBranch: string;
  storageNamespace: string;
}

export interface RepositoryFormErrors {
  id?: string;
  defaultBranch?: string;
  storageNamespace?: string;
}

export function validateRepositoryForm(values: RepositoryFormValues, storage: StorageConfig | undefined): RepositoryFormErrors {
  const errors: RepositoryFormErrors = {};
  if (!REPOSITORY_ID_PATTERN.test(values.id)) errors.id = REPOSITORY_ID_MESSAGE;
  if (values.defaultBranch.trim() === '') errors.defaultBranch = BRANCH_MESSAGE;
  if (values.storageNamespace === '' || !namespacePattern(storage).test(values.storageNamespace)) {
    errors.storageNamespace = namespaceMessage(storage);
  }
  return errors;
}

/** The namespace a new repository gets by default: the server's prefix followed by the id, when there is one. */
export function defaultNamespace(storage: StorageConfig | undefined, id: string): string {
  const prefix = storage?.default_namespace_prefix;
  return prefix ? prefix + id : '';
}

/** Where the sample repository is stored: under the default prefix, else in the local blockstore. */
export function sampleNamespace(storage: StorageConfig | undefined): string {
  return defaultNamespace(storage, SAMPLE_REPOSITORY_ID) || `local://${SAMPLE_REPOSITORY_ID}`;
}

/** The sample repository: quickstart on main, with the server's sample data. */
export function sampleRepository(storage: StorageConfig | undefined): RepositoryCreation {
  return {
    name: SAMPLE_REPOSITORY_ID,
    storage_namespace: sampleNamespace(storage),
    default_branch: DEFAULT_BRANCH_NAME,
    sample_data: true,
  };
}
