// Several block stores behind one: each namespace goes to the store of its scheme (`local://` → the local folder,
// `s3://` → S3), so repositories of either kind live side by side in one server.
import { InvalidNamespaceError } from '../errors';
import type { BlockStore } from './block-store';

/**
 * `stores[0]` is the default: its type and prefix are what the server reports, and it names fresh data keys (every
 * store names them alike). A namespace of no store's scheme is refused with the schemes that are accepted.
 */
export function routeBlockStores(stores: [BlockStore, ...BlockStore[]]): BlockStore {
  const [main] = stores;
  const accepted = stores.map((s) => s.namespacePrefix).join(' or ');
  function storeOf(namespace: string): BlockStore {
    const store = stores.find((s) => namespace.startsWith(s.namespacePrefix));
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
    newDataKey: () => main.newDataKey(),
    fullAddress: (namespace, key) => storeOf(namespace).fullAddress(namespace, key),
    presigner: (namespace) => storeOf(namespace).presigner?.(namespace),
    async close() {
      await Promise.all(stores.map((s) => s.close?.()));
    },
  };
}
