// Several block stores behind one: each namespace goes to the store of its scheme (`local://` → the local folder,
// `s3://` → S3), so repositories of either kind live side by side in one server.
import { InvalidNamespaceError, ValidationError } from '../errors';
import { agesOf } from './ages';
import type { BlockStore } from './block-store';

/**
 * `stores[0]` is the default: its type and prefix are what the server reports, and it names fresh data keys (every
 * store names them alike). A namespace goes to the store with the longest prefix it starts with (the import root's
 * `local:///` before the data folder's `local://`); one of no store's scheme is refused with the schemes accepted.
 */
export function routeBlockStores(stores: [BlockStore, ...BlockStore[]]): BlockStore {
  const [main] = stores;
  const prefixes = stores.map((s) => s.namespacePrefix);
  const accepted = prefixes.filter((p) => !prefixes.some((q) => q !== p && p.startsWith(q))).join(' or ');
  const byLongestPrefix = [...stores].sort((a, b) => b.namespacePrefix.length - a.namespacePrefix.length);
  function storeOf(namespace: string): BlockStore {
    const store = byLongestPrefix.find((s) => namespace.startsWith(s.namespacePrefix));
    if (!store) throw new InvalidNamespaceError(`storage namespace must start with ${accepted}`);
    return store;
  }
  return {
    type: main.type,
    namespacePrefix: main.namespacePrefix,
    validateNamespace: (namespace) => storeOf(namespace).validateNamespace(namespace),
    put: (namespace, key, body) => storeOf(namespace).put(namespace, key, body),
    get: (namespace, key, range) => storeOf(namespace).get(namespace, key, range),
    getBytes: (namespace, key, range) => storeOf(namespace).getBytes(namespace, key, range),
    stat: (namespace, key) => storeOf(namespace).stat(namespace, key),
    exists: (namespace, key) => storeOf(namespace).exists(namespace, key),
    delete: (namespace, key) => storeOf(namespace).delete(namespace, key),
    list: (namespace, prefix) => storeOf(namespace).list(namespace, prefix),
    listAges: (namespace, prefix, notAfterMs) => agesOf(storeOf(namespace), namespace, prefix, notAfterMs),
    listSorted(namespace, prefix) {
      const store = storeOf(namespace);
      if (!store.listSorted) throw new ValidationError(`nothing can be imported from ${namespace}`);
      return store.listSorted(namespace, prefix);
    },
    newDataKey: () => main.newDataKey(),
    fullAddress: (namespace, key) => storeOf(namespace).fullAddress(namespace, key),
    presigner: (namespace) => storeOf(namespace).presigner?.(namespace),
    async probe(signal) {
      await Promise.all(stores.map((s) => s.probe?.(signal)));
    },
    async close() {
      await Promise.all(stores.map((s) => s.close?.()));
    },
  };
}
