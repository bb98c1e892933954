// Where an entry's data lives inside its repository's namespace, as the collector and the uncommitted listing both
// need it: by its key there, so it compares with the block store's listing.
import type { BlockStore } from '../blockstore';
import type { DataAddress } from '../graveler';

/** The key of an entry's data in the namespace; undefined for a full address outside it, which is never ours. */
export function namespaceKeyOf(blocks: BlockStore, namespace: string): (entry: DataAddress) => string | undefined {
  const base = blocks.fullAddress(namespace, '');
  return (entry) => {
    if (entry.addressType === 'relative') return entry.address;
    return entry.address.startsWith(base) ? entry.address.slice(base.length) : undefined;
  };
}
