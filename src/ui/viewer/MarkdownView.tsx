import { Suspense, use } from 'react';
import { Box } from '@chakra-ui/react';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { settled } from '../components/settled';
import { renderMarkdown, type MarkdownLinks } from './markdown';
import { markdownStyles } from './markdownStyles';

export interface MarkdownViewProps {
  source: string;
  links: MarkdownLinks;
}

/** Markdown rendered to sanitised HTML (scripts, handlers and unsafe URLs removed before it reaches the page). */
export function MarkdownView(props: MarkdownViewProps) {
  return (
    <Suspense fallback={<Loading label="Rendering..." />}>
      <RenderedMarkdown {...props} />
    </Suspense>
  );
}

function RenderedMarkdown({ source, links }: MarkdownViewProps) {
  // The links' URL builders are fixed functions of these three, so they name the rendering with the source.
  const key = `markdown\0${links.repoId}\0${links.ref}\0${links.baseDir}\0${source}`;
  const result = use(settled(key, () => renderMarkdown(source, links)));
  if (!result.ok) return <ErrorAlert error={result.error} />;
  return <Box className="markdown-body" css={markdownStyles} dangerouslySetInnerHTML={{ __html: result.value }} />;
}
