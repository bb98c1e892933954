import { PrefixSearch } from '../components/PrefixSearch';

export interface RepositorySearchProps {
  /** The prefix in the URL. */
  prefix: string;
  /** Called once typing has paused for the debounce delay. */
  onSearch: (prefix: string) => void;
}

export function RepositorySearch({ prefix, onSearch }: RepositorySearchProps) {
  return <PrefixSearch prefix={prefix} onSearch={onSearch} label="Search repositories" placeholder="Search repositories by prefix..." />;
}
