import { Breadcrumb, Button } from '@chakra-ui/react';
import { Fragment } from 'react';

export interface DiffBreadcrumbProps {
  /** Shown for the root, e.g. the branch or commit. */
  rootLabel: string;
  prefix: string;
  onNavigate: (prefix: string) => void;
}

/** The folders of `prefix`, each one a step back up the tree. */
export function DiffBreadcrumb({ rootLabel, prefix, onNavigate }: DiffBreadcrumbProps) {
  const parts = prefix.split('/').filter(Boolean);
  // At the root there is nowhere to go back to.
  if (parts.length === 0) return null;
  return (
    <Breadcrumb.Root size="sm">
      <Breadcrumb.List>
        <Breadcrumb.Item>
          <Button variant="plain" size="xs" px="0" onClick={() => onNavigate('')}>
            {rootLabel}
          </Button>
        </Breadcrumb.Item>
        {parts.map((part, index) => {
          const target = parts.slice(0, index + 1).join('/') + '/';
          const last = index === parts.length - 1;
          return (
            <Fragment key={target}>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                {last ? (
                  <Breadcrumb.CurrentLink>{part}</Breadcrumb.CurrentLink>
                ) : (
                  <Button variant="plain" size="xs" px="0" onClick={() => onNavigate(target)}>
                    {part}
                  </Button>
                )}
              </Breadcrumb.Item>
            </Fragment>
          );
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
