import type { CommitsView } from '../../lib/search-schemas';
import { ChoiceButtons } from '../components/ChoiceButtons';

const views: ReadonlyArray<[CommitsView, string]> = [
  ['list', 'List'],
  ['graph', 'Graph'],
];

/** The Commits page's two views: the ref's log as a list, or every branch's history as a graph (kept in the URL). */
export function ViewSwitch({ view, onSelect }: { view: CommitsView; onSelect: (view: CommitsView) => void }) {
  return <ChoiceButtons label="Commits view" choices={views} value={view} onSelect={onSelect} />;
}
