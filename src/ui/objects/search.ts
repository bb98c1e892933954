import { optionalString } from '../components/searchParams';

// Typed search params of the objects browser and the object viewer (spec 1 §2). `ref` is declared by the
// repository layout route; it is repeated here so links to these pages can set it.

export interface ObjectsSearch {
  ref?: string;
  path?: string;
  after?: string;
  importDialog?: string;
}

export interface ObjectSearch {
  ref?: string;
  path?: string;
}

export function validateObjectsSearch(search: Record<string, unknown>): ObjectsSearch {
  return {
    ref: optionalString(search.ref),
    path: optionalString(search.path),
    after: optionalString(search.after),
    importDialog: optionalString(search.importDialog),
  };
}

export function validateObjectSearch(search: Record<string, unknown>): ObjectSearch {
  return { ref: optionalString(search.ref), path: optionalString(search.path) };
}
