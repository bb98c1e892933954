import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { NotFoundError } from '../../src/api/errors';
import { notifyFailure } from '../../src/lib/notify';
import { renderUi } from './render';

describe('toaster', () => {
  it('shows a failure reported from outside React with what was done and the server reason', async () => {
    renderUi(<p>page</p>);
    act(() => notifyFailure('Could not delete data/a.csv', new NotFoundError(404, 'object not found')));
    expect(await screen.findByText('Could not delete data/a.csv')).toBeVisible();
    expect(screen.getByText('object not found')).toBeVisible();
  });
});
