import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { Alert, Link } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuFilePlus } from 'react-icons/lu';
import type { Policy } from '../../api/types';
import { formatDate } from '../../lib/format';
import { arn } from '../../lib/permission-names';
import type { ListSelectionActorRef } from '../../machines/list-selection/machine';
import type { PagedListActorRef } from '../../machines/paged-list';
import type { PolicyEditorActorRef } from '../../machines/policy-editor/machine';
import { EmptyState } from '../components/EmptyState';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { PermittedButton } from '../components/PermittedButton';
import { AuthListScreen } from './AuthListScreen';
import { lazyDialog } from '../components/lazyDialog';
import { selectionColumn } from './SelectionColumn';

// Fetched after the first paint (lazyDialog): the editor is none of the page's first paint.
const PolicyEditorDialog = lazyDialog(
  () => import('./PolicyEditorDialog').then((m) => m.PolicyEditorDialog),
  ({ editor }) => useSelector(editor, (s) => !s.matches('closed')),
);

export interface PoliciesPageProps {
  list: PagedListActorRef<Policy>;
  selection: ListSelectionActorRef;
  editor: PolicyEditorActorRef;
  simplified: boolean;
  after?: string;
  onBackToStart: () => void;
}

const column = listColumnHelper<Policy>();

function policyColumns(selection: ListSelectionActorRef): ListColumn<Policy>[] {
  return [
    selectionColumn<Policy>(selection),
    column.accessor('id', {
      header: 'Policy ID',
      meta: { width: '55%' },
      cell: (info) => (
        <Link asChild colorPalette="tarn" color="colorPalette.fg" fontWeight="semibold">
          <RouterLink to="/auth/policies/$policyId" params={{ policyId: info.getValue() }}>
            {info.getValue()}
          </RouterLink>
        </Link>
      ),
    }),
    column.accessor('creation_date', {
      header: 'Created At',
      meta: { width: '40%' },
      cell: (info) => (info.getValue() === undefined ? '' : formatDate(info.getValue() ?? 0)),
    }),
  ];
}

/** Policies: Create Policy (the editor), Delete Selected, and in simplified mode the deprecation notice. */
export function PoliciesPage({ list, selection, editor, simplified, after, onBackToStart }: PoliciesPageProps) {
  const columns = useMemo(() => policyColumns(selection), [selection]);
  return (
    <AuthListScreen
      list={list}
      selection={selection}
      columns={columns}
      noun="policies"
      deletePermission={{ action: 'auth:DeletePolicy', resource: arn.policy('*') }}
      after={after}
      onBackToStart={onBackToStart}
      empty={<EmptyState title="No policies yet." />}
      actions={
        <>
          {simplified && (
            <Alert.Root status="warning" flexBasis="100%">
              <Alert.Indicator />
              <Alert.Description>
                Role-based access control policies are deprecated in simplified mode: they are being replaced by access
                control lists, one permission per group.
              </Alert.Description>
            </Alert.Root>
          )}
          <PermittedButton
            action="auth:CreatePolicy"
            resource={arn.policy('*')}
            size="sm"
            colorPalette="tarn"
            ms="auto"
            onClick={() => editor.send({ type: 'editor.open' })}
          >
            <LuFilePlus />
            Create Policy
          </PermittedButton>
        </>
      }
    >
      <PolicyEditorDialog editor={editor} />
    </AuthListScreen>
  );
}
