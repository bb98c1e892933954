import { Button, ButtonGroup } from '@chakra-ui/react';
import type { CommitsView } from '../../lib/search-schemas';

const views: ReadonlyArray<[CommitsView, string]> = [
  ['list', 'List'],
  ['graph', 'Graph'],
];

/** The Commits page's two views: the ref's log as a list, or every branch's history as a graph (kept in the URL). */
export function ViewSwitch({ view, onSelect }: { view: CommitsView; onSelect: (view: CommitsView) => void }) {
  return (
    <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Commits view">
      {views.map(([value, label]) => (
        <Button key={value} aria-pressed={view === value} variant={view === value ? 'subtle' : 'outline'} onClick={() => onSelect(value)}>
          {label}
        </Button>
      ))}
    </ButtonGroup>
  );
}
