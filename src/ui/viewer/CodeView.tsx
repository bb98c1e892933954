import { useEffect, useState } from 'react';
import { Box } from '@chakra-ui/react';
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
  const [highlighted, setHighlighted] = useState<{ code: string; html: string } | undefined>();

  useEffect(() => {
    if (language === 'plaintext' || code.length > HIGHLIGHT_MAX_CHARS) return;
    let current = true;
    highlightCode(code, language).then(
      (html) => current && setHighlighted({ code, html }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [code, language]);

  const html = highlighted?.code === code ? highlighted.html : escapeHtml(code);
  return (
    <Box css={markdownStyles}>
      <pre>
        <code className={`hljs language-${language}`} data-language={language} dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
    </Box>
  );
}
