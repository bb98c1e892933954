import { Fragment } from 'react';
import { Box, Breadcrumb, HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { RefKind } from '../../api/types';
import { shortCommitId } from '../../lib/format';
import { CopyButton } from '../components/CopyButton';
import { breadcrumbs, lakefsUri, parentPrefix } from './paths';

export interface ObjectsBreadcrumbsProps {
  repoId: string;
  refId: string;
  /** A commit ref is shown by its first 12 characters (the copied URI keeps the whole id). */
  refKind?: RefKind;
  /** The prefix being browsed, or an object's path (its last segment is then shown unlinked). */
  path: string;
}

/** `lakefs://repo/ref/a/b/` with every folder a link, and a button that copies the URI. */
export function ObjectsBreadcrumbs({ repoId, refId, refKind, path }: ObjectsBreadcrumbsProps) {
  const isObject = path !== '' && !path.endsWith('/');
  const crumbs = breadcrumbs(isObject ? parentPrefix(path) : path);
  const lastSegment = isObject ? path.slice(path.lastIndexOf('/') + 1) : undefined;
  const folderLink = (prefix: string, label: string) => (
    <Link asChild>
      <RouterLink
        to="/repositories/$repoId/objects"
        params={{ repoId }}
        search={{ ref: refId, ...(prefix ? { path: prefix } : {}) }}
      >
        {label}
      </RouterLink>
    </Link>
  );

  return (
    <HStack gap="1" minW="0" fontFamily="mono" fontSize="sm">
      <Breadcrumb.Root size="sm" aria-label="Path" minW="0">
        <Breadcrumb.List flexWrap="wrap" gap="0.5">
          <Breadcrumb.Item>{folderLink('', `lakefs://${repoId}/${refKind === 'commit' ? shortCommitId(refId) : refId}`)}</Breadcrumb.Item>
          {crumbs.map((crumb) => (
            <Fragment key={crumb.prefix}>
              <Breadcrumb.Separator>/</Breadcrumb.Separator>
              <Breadcrumb.Item>{folderLink(crumb.prefix, crumb.label)}</Breadcrumb.Item>
            </Fragment>
          ))}
          {lastSegment !== undefined && (
            <>
              <Breadcrumb.Separator>/</Breadcrumb.Separator>
              <Breadcrumb.Item>
                <Breadcrumb.CurrentLink>{lastSegment}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </>
          )}
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <Box flexShrink={0}>
        <CopyButton value={lakefsUri(repoId, refId, path)} label="URI" />
      </Box>
    </HStack>
  );
}
