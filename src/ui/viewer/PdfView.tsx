import { useEffect, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { Loading } from '../components/Loading';

export interface PdfViewProps {
  /** The PDF's bytes, as the route read them. */
  blob: Blob;
  title: string;
}

/**
 * The object endpoint sends every object as a sandboxed attachment that may not be framed, so user content can
 * never run in the console's origin. A PDF is therefore shown from a local blob: address of its bytes, which lives
 * as long as the view.
 */
export function PdfView({ blob, title }: PdfViewProps) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const address = URL.createObjectURL(blob);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [blob]);

  if (!url) return <Loading />;
  return (
    <Box data-renderer="pdf" height="80vh">
      <object data={url} type="application/pdf" width="100%" height="100%" aria-label={title}>
        <a href={url} download={title}>
          Open {title}
        </a>
      </object>
    </Box>
  );
}
