import type { RefKind } from '../../api/types';

/** A ref a picker offers or holds: its name and whether it is a branch, a tag or a commit. */
export interface SelectedRef {
  id: string;
  kind: RefKind;
}
