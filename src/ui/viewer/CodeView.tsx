import { Suspense, use } from 'react';
import { Box } from '@chakra-ui/react';
import { settled } from '../components/settled';
import { escapeHtml, highlightCode } from './highlight';
import { markdownStyles } from './markdownStyles';

/** Beyond this many characters the text is shown plain: highlighting megabytes would freeze the page. */
export const HIGHLIGHT_MAX_CHARS = 512 * 1024;

export interface CodeViewProps {
  code: string;
  language: string;
}

/** Source text, shown at once as plain text and then coloured once the grammar has loaded. */
export function CodeView({ code, language }: CodeViewProps) {
  const plain = <CodeBlock language={language} html={escapeHtml(code)} />;
  if (language === 'plaintext' || code.length > HIGHLIGHT_MAX_CHARS) return plain;
  return (
    <Suspense fallback={plain}>
      <HighlightedCode code={code} language={language} />
    </Suspense>
  );
}

function HighlightedCode({ code, language }: CodeViewProps) {
  const result = use(settled(`highlight\0${language}\0${code}`, () => highlightCode(code, language)));
  // A grammar that fails to load leaves the text plain.
  return <CodeBlock language={language} html={result.ok ? result.value : escapeHtml(code)} />;
}

function CodeBlock({ language, html }: { language: string; html: string }) {
  return (
    <Box css={markdownStyles}>
      <pre>
        <code className={`hljs language-${language}`} data-language={language} dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
    </Box>
  );
}
