import { useEffect, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { renderMarkdown, type MarkdownLinks } from './markdown';
import { markdownStyles } from './markdownStyles';

export interface MarkdownViewProps {
  source: string;
  links: MarkdownLinks;
}

/** Markdown rendered to sanitised HTML (scripts, handlers and unsafe URLs removed before it reaches the page). */
export function MarkdownView({ source, links }: MarkdownViewProps) {
  const [result, setResult] = useState<{ html?: string; error?: unknown }>({});

  useEffect(() => {
    let current = true;
    renderMarkdown(source, links).then(
      (html) => current && setResult({ html }),
      (error: unknown) => current && setResult({ error }),
    );
    return () => {
      current = false;
    };
  }, [source, links]);

  if (result.error !== undefined) return <ErrorAlert error={result.error} />;
  if (result.html === undefined) return <Loading label="Rendering..." />;
  return <Box className="markdown-body" css={markdownStyles} dangerouslySetInnerHTML={{ __html: result.html }} />;
}
