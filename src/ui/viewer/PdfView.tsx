import { useEffect, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { getObjectBlob } from '../../api/objects';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';

export interface PdfViewProps {
  repoId: string;
  refId: string;
  path: string;
  title: string;
}

type PdfState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed'; error: unknown };

/**
 * The object endpoint sends every object as a sandboxed attachment that may not be framed, so user content can
 * never run in the console's origin. A PDF is therefore shown from a local blob: address of its bytes.
 */
export function PdfView({ repoId, refId, path, title }: PdfViewProps) {
  const [state, setState] = useState<PdfState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    setState({ status: 'loading' });
    getObjectBlob(repoId, refId, path, 'application/pdf', controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [repoId, refId, path]);

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') return <ErrorAlert error={state.error} />;
  return (
    <Box data-renderer="pdf" height="80vh">
      <object data={state.url} type="application/pdf" width="100%" height="100%" aria-label={title}>
        <a href={state.url} download={title}>
          Open {title}
        </a>
      </object>
    </Box>
  );
}
