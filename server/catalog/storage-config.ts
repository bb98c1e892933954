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

export function localStorageConfig(importSupport: boolean): StorageConfig {
  return {
    blockstore_type: 'local',
    blockstore_namespace_example: 'local://example-bucket/',
    blockstore_namespace_ValidityRegex: '^local://',
    default_namespace_prefix: 'local://',
    pre_sign_support: false,
    pre_sign_support_ui: false,
    import_support: importSupport,
    import_validity_regex: '^local://',
    pre_sign_multipart_upload: false,
    blockstore_id: '',
    blockstore_description: 'Local folder inside the data directory',
  };
}

/**
 * S3 (or an S3-compatible store): clients may transfer data straight to and from the bucket through presigned
 * addresses, the console's uploads included; the bucket must allow the console's origin (CORS) for those.
 */
export function s3StorageConfig(description: string): StorageConfig {
  return {
    blockstore_type: 's3',
    blockstore_namespace_example: 's3://example-bucket/',
    blockstore_namespace_ValidityRegex: '^s3://',
    default_namespace_prefix: '',
    pre_sign_support: true,
    pre_sign_support_ui: true,
    import_support: false,
    import_validity_regex: '^s3://',
    pre_sign_multipart_upload: true,
    blockstore_id: '',
    blockstore_description: description,
  };
}
