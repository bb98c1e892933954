// Parts shared by the ref picker's lists (branches, tags, a branch's commits).
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@chakra-ui/react';
import type { PagedListActorRef, PagedListView } from '../../machines/paged-list';
import { Loading } from '../components/Loading';

export interface PickerOptionProps extends Omit<ButtonProps, 'role' | 'variant' | 'size'> {
  selected: boolean;
}

/** One choice in a picker listbox; the current choice is marked selected and shown filled. */
export function PickerOption({ selected, ...rest }: PickerOptionProps) {
  return <Button role="option" aria-selected={selected} variant={selected ? 'subtle' : 'ghost'} size="sm" {...rest} />;
}

/** Below a picker list: a spinner while the next page loads, else a button asking for it when there is one. */
export function MorePages<T>({ list, view, children }: { list: PagedListActorRef<T>; view: PagedListView<T>; children: ReactNode }) {
  if (view.loadingMore) return <Loading label="Loading more..." />;
  if (!view.hasMore || view.moreFailed) return null;
  return (
    <Button size="xs" variant="ghost" onClick={() => list.send({ type: 'list.loadMore' })}>
      {children}
    </Button>
  );
}
