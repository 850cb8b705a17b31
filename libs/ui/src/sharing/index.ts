export { ShareLinksPanel, type ShareLinkRow, type ShareLinksPanelProps } from './share-links-panel';
export { CallToActionForm, type CallToActionFormProps } from './call-to-action-form';
