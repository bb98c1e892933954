import { InputGroup } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuSearch } from 'react-icons/lu';
import { prefixFilter, type PrefixSearchActorRef } from '../../machines/prefix-search';
import { SearchInput } from './SearchInput';

export interface PrefixSearchProps {
  /** The box's flow: it shows the URL's prefix and puts what is typed there once typing pauses. */
  search: PrefixSearchActorRef;
  /** Accessible name of the search box. */
  label: string;
  placeholder: string;
}

/** A list's prefix filter whose text lives in the URL. */
export function PrefixSearch({ search, label, placeholder }: PrefixSearchProps) {
  const filter = useSelector(search, prefixFilter);
  const text = useSelector(filter, (s) => s.context.text);
  return (
    <InputGroup startElement={<LuSearch />} maxW="md">
      <SearchInput
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => filter.send({ type: 'filter.input', text: e.target.value })}
      />
    </InputGroup>
  );
}
