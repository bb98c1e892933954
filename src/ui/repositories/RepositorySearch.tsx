import { useState } from 'react';
import { Input, InputGroup } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { FILTER_DEBOUNCE_MS } from '../../lib/constants';
import { useDebouncedCallback } from '../components/useDebouncedCallback';

export interface RepositorySearchProps {
  prefix: string;
  /** Called once typing has paused for the debounce delay. */
  onSearch: (prefix: string) => void;
}

export function RepositorySearch({ prefix, onSearch }: RepositorySearchProps) {
  const [text, setText] = useState(prefix);
  const search = useDebouncedCallback(onSearch, FILTER_DEBOUNCE_MS);
  return (
    <InputGroup startElement={<LuSearch />} maxW="md">
      <Input
        type="search"
        aria-label="Search repositories"
        placeholder="Search repositories by prefix..."
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          search(e.target.value);
        }}
      />
    </InputGroup>
  );
}
