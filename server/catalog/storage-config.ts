// What the console needs to know about the block store: the namespace rule and what the store can do.
export interface StorageConfig {
  blockstore_type: string;
  blockstore_namespace_example: string;
  blockstore_namespace_ValidityRegex: string;
  default_namespace_prefix: string;
  pre_sign_support: boolean;
  pre_sign_support_ui: boolean;
  import_support: boolean;
  import_validity_regex: string;
  pre_sign_multipart_upload: boolean;
  blockstore_id: string;
  blockstore_description: string;
}

/** `importPattern`: the sources an import may name (the import root's, when the server has one). */
export function localStorageConfig(importSupport: boolean, importPattern = '^local://'): StorageConfig {
  return {
    blockstore_type: 'local',
    blockstore_namespace_example: 'local://example-bucket/',
    blockstore_namespace_ValidityRegex: '^local://',
    default_namespace_prefix: 'local://',
    pre_sign_support: false,
    pre_sign_support_ui: false,
    import_support: importSupport,
    import_validity_regex: importPattern,
    pre_sign_multipart_upload: false,
    blockstore_id: '',
    blockstore_description: 'Local folder inside the data directory',
  };
}

/**
 * S3 (or an S3-compatible store): clients may transfer data straight to and from the bucket through presigned
 * addresses, the console's uploads included; the bucket must allow the console's origin (CORS) for those. Any
 * `s3://` location the server's credentials can list may be imported (`importPattern` adds the import root's).
 */
export function s3StorageConfig(description: string, importPattern = '^s3://'): StorageConfig {
  return {
    blockstore_type: 's3',
    blockstore_namespace_example: 's3://example-bucket/',
    blockstore_namespace_ValidityRegex: '^s3://',
    default_namespace_prefix: '',
    pre_sign_support: true,
    pre_sign_support_ui: true,
    import_support: true,
    import_validity_regex: importPattern,
    pre_sign_multipart_upload: true,
    blockstore_id: '',
    blockstore_description: description,
  };
}
