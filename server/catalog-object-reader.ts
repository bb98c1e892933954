// The actions read their files through the catalog's object reads. A catalog without hooks serves them: reads do
// not fire events, and the catalog that does fire them needs the actions first.
import type { ObjectReader } from './actions';
import { Catalog } from './catalog';
import type { BlockStore } from './blockstore';
import type { Graveler } from './graveler';

/** The most action files one ref may hold; the listing stops there. */
const maxActionFiles = 1000;

export function catalogObjectReader(graveler: Graveler, blocks: BlockStore): ObjectReader {
  const reading = new Catalog(graveler, blocks);
  return {
    async list(repository, ref, prefix) {
      const page = await reading.listObjects(repository, ref, { prefix, delimiter: '/', amount: maxActionFiles });
      return page.results.flatMap((item) => (item.pathType === 'object' ? [{ path: item.path, size: item.entry.size }] : []));
    },
    async read(repository, ref, path) {
      return (await reading.getObject(repository, ref, path)).bytes();
    },
  };
}
