// The one answer of the bare servers (bare-server.ts), which the load checks it receives in full.

/** What Tarn's object stat answers for a seeded object of the load, give or take a digit: about 260 bytes. */
export const bareAnswer = JSON.stringify({
  path: 'seed/07/object-1207.bin',
  path_type: 'object',
  physical_address: 'local://load/data/gq3vm5tbc4pf1r3hvsl0/cvk1g6dbc4pf1r3hvslg',
  checksum: 'a7a6a1d1c3b08f52e7d1b1f0f0b5c1e4',
  size_bytes: 4096,
  mtime: 1767225600,
  content_type: 'application/octet-stream',
  metadata: {},
});
