import { Box, Image } from '@chakra-ui/react';
import { objectUrl } from '../../api/objects';
import type { ObjectStats } from '../../api/types';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { basename } from '../objects/paths';
import { CodeView } from './CodeView';
import { MarkdownView } from './MarkdownView';
import { NotebookView } from './NotebookView';
import { PdfView } from './PdfView';
import { DelimitedPreview } from './DelimitedPreview';
import { QueryEngineNotice, TooLargeNotice, UnsupportedNotice } from './ObjectNotices';
import { chooseRenderer, extensionOf, languageFor, type RendererKind } from './renderer-kind';
import { useMarkdownLinks } from './useMarkdownLinks';
import { useObjectText } from './useObjectText';

export interface ObjectRendererProps {
  repoId: string;
  refId: string;
  stats: ObjectStats;
}

/** Shows an object with the renderer its content type, then its extension, calls for (spec 1 §4). */
export function ObjectRenderer({ repoId, refId, stats }: ObjectRendererProps) {
  const kind = chooseRenderer({ path: stats.path, contentType: stats.content_type, sizeBytes: stats.size_bytes });
  const url = objectUrl(repoId, refId, stats.path);
  const props = { repoId, refId, stats };

  switch (kind) {
    case 'image':
      return (
        <Box data-renderer={kind}>
          <Image src={url} alt={basename(stats.path)} maxW="full" />
        </Box>
      );
    case 'pdf':
      return <PdfView repoId={repoId} refId={refId} path={stats.path} title={basename(stats.path)} />;
    case 'markdown':
    case 'notebook':
    case 'text':
      return <TextualObject kind={kind} {...props} />;
    case 'data':
      return extensionOf(stats.path) === 'parquet' ? (
        <Box data-renderer={kind}>
          <QueryEngineNotice />
        </Box>
      ) : (
        <DelimitedPreview {...props} />
      );
    case 'too-large':
      return <TooLargeNotice stats={stats} />;
    case 'unsupported':
      return <UnsupportedNotice stats={stats} />;
  }
}

function TextualObject({ kind, repoId, refId, stats }: ObjectRendererProps & { kind: RendererKind }) {
  const content = useObjectText(repoId, refId, stats.path);
  const links = useMarkdownLinks(repoId, refId, stats.path);

  if (content.status === 'loading') return <Loading />;
  if (content.status === 'failed') return <ErrorAlert error={content.error} />;
  return (
    <Box data-renderer={kind}>
      {kind === 'markdown' && <MarkdownView source={content.text} links={links} />}
      {kind === 'notebook' && <NotebookView source={content.text} links={links} />}
      {kind === 'text' && (
        <CodeView code={content.text} language={languageFor({ path: stats.path, contentType: stats.content_type })} />
      )}
    </Box>
  );
}
