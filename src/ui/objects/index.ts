export { ObjectsPage, type ObjectsPageProps } from './ObjectsPage';
export { ObjectsListing, type ObjectsListingProps } from './ObjectsListing';
export { ObjectsBreadcrumbs, type ObjectsBreadcrumbsProps } from './ObjectsBreadcrumbs';
export { BlameDialog, BlameFlowDialog, type BlameDialogProps, type BlameFlowDialogProps, type BlameTarget } from './BlameDialog';
export { GcWarningBanner, type GcWarningBannerProps } from './GcWarningBanner';
export { ReadmePreview, type ReadmePreviewProps } from './ReadmePreview';
