import { useEffect, useRef, useState } from 'react';
import { Input, InputGroup } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { FILTER_DEBOUNCE_MS } from '../../lib/constants';
import { useDebouncedCallback } from '../components/useDebouncedCallback';

export interface RepositorySearchProps {
  /** The prefix in the URL. */
  prefix: string;
  /** Called once typing has paused for the debounce delay. */
  onSearch: (prefix: string) => void;
}

export function RepositorySearch({ prefix, onSearch }: RepositorySearchProps) {
  const [text, setText] = useState(prefix);
  const reported = useRef(prefix);
  const search = useDebouncedCallback((value: string) => {
    reported.current = value;
    onSearch(value);
  }, FILTER_DEBOUNCE_MS);

  // The URL can change without typing (back button, a link): show its prefix then, but never overwrite what the
  // user is typing with the echo of their own earlier search.
  useEffect(() => {
    if (prefix !== reported.current) {
      reported.current = prefix;
      setText(prefix);
    }
  }, [prefix]);

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
