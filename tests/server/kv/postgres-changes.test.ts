// The change version of the PostgreSQL store (server/kv/postgres-changes.ts): other connections' transactions that
// ended between two snapshots count, this store's own do not, and a snapshot older than the last counts as a change.
import { describe, expect, it } from 'vitest';
import { ForeignCommits } from '../../../server/kv/postgres-changes';

describe('counting the commits of other connections from snapshots', () => {
  it('leaves out this store’s own transactions and counts any other that ended', () => {
    const commits = new ForeignCommits();
    expect(commits.observe('100:105:100,103')).toBe(0);
    // Nothing ended.
    expect(commits.observe('100:105:100,103')).toBe(0);
    // Our own 105 and 106 were given ids and ended; 107 is in progress.
    commits.noteOwn('105');
    commits.noteOwn('106');
    expect(commits.observe('100:108:100,103,107')).toBe(0);
    // 103 (another's, in progress before) ended.
    expect(commits.observe('100:108:100,107')).toBe(1);
    // 107 (never noted: another's) ended, and 108, ours, too.
    commits.noteOwn('108');
    expect(commits.observe('100:109:100')).toBe(2);
    // A new id given and ended that is not ours.
    expect(commits.observe('100:110:100')).toBe(3);
    expect(commits.observe('100:110:100')).toBe(3);
  });

  it('counts an id that ended before it was noted, once', () => {
    const commits = new ForeignCommits();
    commits.observe('50:50:');
    expect(commits.observe('50:51:')).toBe(1);
    commits.noteOwn('50');
    expect(commits.observe('51:51:')).toBe(1);
  });

  it('counts a snapshot older than the last as a change and keeps comparing with the newer', () => {
    const commits = new ForeignCommits();
    commits.observe('10:12:10,11');
    commits.noteOwn('11');
    expect(commits.observe('10:12:10')).toBe(0);
    // Taken before the last (11 still in progress there): it answered late.
    expect(commits.observe('10:12:10,11')).toBe(1);
    expect(commits.observe('10:12:10')).toBe(1);
  });

  it('takes a gap of more ids than it checks one by one as others’ work', () => {
    const commits = new ForeignCommits();
    commits.observe('1:1:');
    expect(commits.observe('1:20002:')).toBe(1);
  });
});
