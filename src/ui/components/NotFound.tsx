// What a user sees for an address that names nothing: what was missing, in words, and the ways back, instead of a
// bare message with a Retry that can only fail again (or a silent redirect).
import type { ReactNode } from 'react';
import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation, useParams, useSearch } from '@tanstack/react-router';
import { errorMessage } from '../../lib/error-message';

function NotFoundLayout({ what, detail, children }: { what: string; detail?: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-label="Not found" gap="3" py="6" align="start">
      <Heading size="md">Not found</Heading>
      <Text>{what}</Text>
      {detail !== undefined && (
        <Text color="fg.muted" fontSize="sm">
          {detail}
        </Text>
      )}
      <HStack gap="3" wrap="wrap">
        {children}
      </HStack>
    </Stack>
  );
}

function RepositoryListLink({ primary = false }: { primary?: boolean }) {
  return (
    <Button asChild size="sm" variant={primary ? 'solid' : 'outline'} colorPalette="tarn">
      <RouterLink to="/repositories">Go to the repository list</RouterLink>
    </Button>
  );
}

/**
 * A route's read answered 404: names the repository or the ref the address gave, and offers the repository's
 * default branch (when it is the ref that is missing) and the repository list.
 */
export function MissingResource({ error }: { error: unknown }) {
  const { repoId } = useParams({ strict: false });
  const { ref } = useSearch({ strict: false });
  const message = errorMessage(error);
  const repositoryMissing = repoId === undefined || /could not find repository/.test(message);
  if (repositoryMissing) {
    return (
      <NotFoundLayout
        what={repoId === undefined ? 'What this address names does not exist.' : `There is no repository '${repoId}', or you may not see it.`}
        detail={message}
      >
        <RepositoryListLink primary />
      </NotFoundLayout>
    );
  }
  // The address may carry a ref while something else is missing (an action run): name the ref only when it is the one.
  const refMissing = typeof ref === 'string' && /ref not found|could not find (branch|tag|commit)/.test(message);
  return (
    <NotFoundLayout
      what={refMissing ? `'${ref}' is not a branch, tag or commit of ${repoId}.` : `What this address names is not in ${repoId}.`}
      detail={message}
    >
      <Button asChild size="sm" colorPalette="tarn">
        <RouterLink to="/repositories/$repoId/objects" params={{ repoId }}>
          Open {repoId} on its default branch
        </RouterLink>
      </Button>
      <RepositoryListLink />
    </NotFoundLayout>
  );
}

/** An address no route knows. */
export function NoSuchPage() {
  const { pathname } = useLocation();
  return (
    <NotFoundLayout what={`There is no page at ${pathname}.`}>
      <RepositoryListLink primary />
    </NotFoundLayout>
  );
}
