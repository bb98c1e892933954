import { Alert } from '@chakra-ui/react';
import type { ObjectStats } from '../../api/types';
import { VIEWER_SIZE_CAP_BYTES } from '../../lib/constants';
import { formatSize } from '../../lib/format';
import { extensionOf } from '../../lib/extension';

// Shown in place of content the viewer does not render; the page header's Download button is the way to the file.

interface NoticeProps {
  stats: ObjectStats;
}

function Notice({ status, text }: { status: 'info' | 'warning'; text: string }) {
  return (
    <Alert.Root status={status}>
      <Alert.Indicator />
      <Alert.Description>{text}</Alert.Description>
    </Alert.Root>
  );
}

export function TooLargeNotice({ stats }: NoticeProps) {
  const size = stats.size_bytes ?? 0;
  return (
    <Notice
      status="warning"
      text={
        `Could not render ${stats.path}: size ${size} bytes (${formatSize(size)}) is too big; ` +
        `the viewer shows objects up to ${formatSize(VIEWER_SIZE_CAP_BYTES)}.`
      }
    />
  );
}

export function UnsupportedNotice({ stats }: NoticeProps) {
  const extension = extensionOf(stats.path) || 'none';
  const contentType = stats.content_type || 'unknown';
  return (
    <Notice
      status="info"
      text={`Tarn doesn't know how to render this file (extension "${extension}", content type "${contentType}").`}
    />
  );
}
