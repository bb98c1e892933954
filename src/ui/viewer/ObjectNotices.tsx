import { Alert, Button, Stack } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { objectUrl } from '../../api/objects';
import type { ObjectStats } from '../../api/types';
import { VIEWER_SIZE_CAP_BYTES } from '../../lib/constants';
import { formatSize } from '../../lib/format';
import { basename } from '../objects/paths';
import { extensionOf } from './renderer-kind';

interface NoticeProps {
  repoId: string;
  refId: string;
  stats: ObjectStats;
}

function DownloadButton({ repoId, refId, stats }: NoticeProps) {
  return (
    <Button asChild size="sm" variant="outline" alignSelf="flex-start">
      <a href={objectUrl(repoId, refId, stats.path)} download={basename(stats.path)}>
        <LuDownload />
        Download
      </a>
    </Button>
  );
}

function Notice({ status, text, ...props }: NoticeProps & { status: 'info' | 'warning'; text: string }) {
  return (
    <Stack gap="3">
      <Alert.Root status={status}>
        <Alert.Indicator />
        <Alert.Description>{text}</Alert.Description>
      </Alert.Root>
      <DownloadButton {...props} />
    </Stack>
  );
}

export function TooLargeNotice(props: NoticeProps) {
  const size = props.stats.size_bytes ?? 0;
  return (
    <Notice
      {...props}
      status="warning"
      text={
        `Could not render ${props.stats.path}: size ${size} bytes (${formatSize(size)}) is too big; ` +
        `the viewer shows objects up to ${formatSize(VIEWER_SIZE_CAP_BYTES)}.`
      }
    />
  );
}

export function UnsupportedNotice(props: NoticeProps) {
  const extension = extensionOf(props.stats.path) || 'none';
  const contentType = props.stats.content_type || 'unknown';
  return (
    <Notice
      {...props}
      status="info"
      text={`Tarn doesn't know how to render this file (extension "${extension}", content type "${contentType}").`}
    />
  );
}

export function DataFileNotice(props: NoticeProps) {
  return (
    <Notice
      {...props}
      status="info"
      text="A SQL preview of parquet, CSV and TSV files is coming to the viewer. Until then, download the file to inspect it."
    />
  );
}
