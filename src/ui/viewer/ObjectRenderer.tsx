import { lazy, Suspense } from 'react';
import { Box, Image } from '@chakra-ui/react';
import type { ObjectStats } from '../../api/types';
import { objectUrl } from '../../lib/api-address';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { basename } from '../objects/paths';
import { CodeView } from './CodeView';
import { GeoJsonView } from './GeoJsonView';
import { JsonlView } from './JsonlView';
import { MarkdownView } from './MarkdownView';
import { NotebookView } from './NotebookView';
import { TooLargeNotice, UnsupportedNotice } from './ObjectNotices';
import type { ObjectContent } from './objectContent';
import { PdfView } from './PdfView';
import { dataFormat, languageFor, type RendererKind } from './renderer-kind';
import { useMarkdownLinks } from './useMarkdownLinks';

// The SQL editor and the query flow load with the first data file opened, not with the viewer.
const SqlPreview = lazy(() => import('./sql/SqlPreview').then((module) => ({ default: module.SqlPreview })));

export interface ObjectRendererProps {
  repoId: string;
  refId: string;
  stats: ObjectStats;
  /** The renderer its content type, then its extension, calls for (docs/behaviour.md, Object viewer). */
  renderer: RendererKind;
  /** What the route read of it for that renderer. */
  content: ObjectContent;
  /** The query of a data object's SQL preview, from the address. */
  sql?: string | undefined;
  /** Whether a CSV's first row holds the column names, from the address (absent: DuckDB decides). */
  header?: boolean | undefined;
}

/** Shows an object with its renderer, from the content the route read. */
export function ObjectRenderer({ repoId, refId, stats, renderer, content, sql, header }: ObjectRendererProps) {
  if (content.kind === 'failed') return <ErrorAlert error={content.error} />;
  switch (renderer) {
    case 'image':
      return (
        <Box data-renderer={renderer}>
          <Image src={objectUrl(repoId, refId, stats.path)} alt={basename(stats.path)} maxW="full" />
        </Box>
      );
    case 'pdf':
      return content.kind === 'pdf' ? <PdfView blob={content.blob} title={basename(stats.path)} /> : null;
    case 'markdown':
    case 'notebook':
    case 'text':
      return content.kind === 'text' ? (
        <TextualObject renderer={renderer} repoId={repoId} refId={refId} stats={stats} text={content.text} />
      ) : null;
    case 'data': {
      const format = dataFormat({ path: stats.path, contentType: stats.content_type });
      if (!format) return <UnsupportedNotice stats={stats} />;
      return (
        <Suspense fallback={<Loading label="Loading the SQL editor..." />}>
          <SqlPreview repoId={repoId} refId={refId} stats={stats} format={format} sql={sql} header={header} />
        </Suspense>
      );
    }
    case 'jsonl':
      return content.kind === 'text' ? <JsonlView path={stats.path} text={content.text} /> : null;
    case 'geojson':
      return content.kind === 'text' ? <GeoJsonView path={stats.path} text={content.text} /> : null;
    case 'too-large':
      return (
        <Box data-renderer={renderer}>
          <TooLargeNotice stats={stats} />
        </Box>
      );
    case 'unsupported':
      return (
        <Box data-renderer={renderer}>
          <UnsupportedNotice stats={stats} />
        </Box>
      );
  }
}

interface TextualObjectProps {
  renderer: 'markdown' | 'notebook' | 'text';
  repoId: string;
  refId: string;
  stats: ObjectStats;
  text: string;
}

function TextualObject({ renderer, repoId, refId, stats, text }: TextualObjectProps) {
  const links = useMarkdownLinks(repoId, refId, stats.path);
  return (
    <Box data-renderer={renderer}>
      {renderer === 'markdown' && <MarkdownView source={text} links={links} />}
      {renderer === 'notebook' && <NotebookView source={text} links={links} />}
      {renderer === 'text' && <CodeView code={text} language={languageFor({ path: stats.path, contentType: stats.content_type })} />}
    </Box>
  );
}
