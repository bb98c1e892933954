import { useEffect, useRef, useState } from 'react';
import { Input, InputGroup } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { FILTER_DEBOUNCE_MS } from '../../lib/constants';
import { useDebouncedCallback } from './useDebouncedCallback';

export interface PrefixSearchProps {
  /** The prefix in the URL. */
  prefix: string;
  /** Called once typing has paused for the debounce delay. */
  onSearch: (prefix: string) => void;
  /** Accessible name of the search box. */
  label: string;
  placeholder: string;
}

/** A list's prefix filter whose text lives in the URL: it reports what is typed once typing pauses. */
export function PrefixSearch({ prefix, onSearch, label, placeholder }: PrefixSearchProps) {
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
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          search(e.target.value);
        }}
      />
    </InputGroup>
  );
}
