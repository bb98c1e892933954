import { MarkdownView } from './MarkdownView';
import { useMarkdownLinks } from './useMarkdownLinks';

export interface RepositoryMarkdownProps {
  repoId: string;
  /** The ref relative links resolve against. */
  refId: string;
  /** Where the markdown is, for its relative links ('' for a text that is no object, such as a description). */
  path: string;
  source: string;
}

/** Markdown of a repository, its relative links opening the repository's objects and folders. */
export function RepositoryMarkdown({ repoId, refId, path, source }: RepositoryMarkdownProps) {
  const links = useMarkdownLinks(repoId, refId, path);
  return <MarkdownView source={source} links={links} />;
}
