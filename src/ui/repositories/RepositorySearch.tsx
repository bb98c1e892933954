import type { PrefixSearchActorRef } from '../../machines/prefix-search';
import { PrefixSearch } from '../components/PrefixSearch';

export interface RepositorySearchProps {
  /** The search box, whose text lives in the URL. */
  search: PrefixSearchActorRef;
}

export function RepositorySearch({ search }: RepositorySearchProps) {
  return <PrefixSearch search={search} label="Search repositories" placeholder="Search repositories by prefix..." />;
}
