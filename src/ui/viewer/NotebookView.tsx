import { Suspense, use, useMemo } from 'react';
import { Box, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert } from '../components/ErrorAlert';
import { settled } from '../components/settled';
import { CodeView } from './CodeView';
import { sanitizeHtml, type MarkdownLinks } from './markdown';
import { MarkdownView } from './MarkdownView';
import { markdownStyles } from './markdownStyles';
import { parseNotebook, type NotebookOutput } from './notebook';
import { isKnownLanguage } from './highlight';

export interface NotebookViewProps {
  source: string;
  links: MarkdownLinks;
}

/** A Jupyter notebook as cells: markdown rendered, code highlighted, outputs shown (HTML outputs sanitised). */
export function NotebookView({ source, links }: NotebookViewProps) {
  const parsed = useMemo(() => {
    try {
      return { notebook: parseNotebook(source) };
    } catch (error) {
      return { error };
    }
  }, [source]);

  if (!parsed.notebook) return <ErrorAlert title="This notebook could not be read" error={parsed.error} />;
  const language = isKnownLanguage(parsed.notebook.language) ? parsed.notebook.language : 'plaintext';

  return (
    <Stack gap="4" data-testid="notebook">
      {parsed.notebook.cells.map((cell, index) => {
        const key = `${index}-${cell.kind}`;
        if (cell.kind === 'markdown') return <MarkdownView key={key} source={cell.source} links={links} />;
        if (cell.kind === 'raw') return <PlainText key={key} text={cell.source} />;
        return (
          <Stack key={key} gap="1">
            <Text fontFamily="mono" fontSize="xs" color="fg.muted">
              In [{cell.executionCount ?? ' '}]:
            </Text>
            <CodeView code={cell.source} language={language} />
            {cell.outputs.map((output, i) => (
              <CellOutput key={i} output={output} links={links} />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}

function PlainText({ text, error = false }: { text: string; error?: boolean }) {
  return (
    <Box as="pre" fontFamily="mono" fontSize="sm" whiteSpace="pre-wrap" color={error ? 'fg.error' : undefined} px="3">
      {text}
    </Box>
  );
}

function CellOutput({ output, links }: { output: NotebookOutput; links: MarkdownLinks }) {
  switch (output.kind) {
    case 'text':
      return <PlainText text={output.text} />;
    case 'error':
      return <PlainText text={output.text} error />;
    case 'image':
      return <img src={output.dataUrl} alt="Cell output" style={{ maxWidth: '100%' }} />;
    case 'markdown':
      return <MarkdownView source={output.source} links={links} />;
    case 'html':
      return <SanitizedHtml html={output.html} />;
  }
}

function SanitizedHtml({ html }: { html: string }) {
  // Nothing is shown of the markup until it is clean.
  return (
    <Suspense fallback={null}>
      <CleanHtml html={html} />
    </Suspense>
  );
}

function CleanHtml({ html }: { html: string }) {
  const clean = use(settled(`notebook-html\0${html}`, () => sanitizeHtml(html)));
  if (!clean.ok) return null;
  return <Box css={markdownStyles} overflowX="auto" px="3" dangerouslySetInnerHTML={{ __html: clean.value }} />;
}
