// The building blocks every feature folder of libs/ui uses: the only folder a feature may import
// besides its own (lint: tools/eslint/ui-features.mjs). Each file does one job; nothing here
// imports a feature.

// Dialogs and forms
export * from './modal';
export * from './confirm-dialog';
export * from './form-dialog';
export * from './form-error';
export * from './name-dialog';
export * from './pick-dialog';
// Fields and selects
export * from './choice-select';
export * from './labelled-select';
export * from './labelled-checkbox';
export * from './spoken-language';
export * from './search-box';
export * from './share-link-copy';
// Sections, tables and load state
export * from './titled-section';
export * from './data-table';
export * from './load-state';
export * from './alert-area';
export * from './processing-progress';
// Time, counts and text
export * from './time-format';
export * from './timecode';
export * from './kept-ranges';
export * from './view-count';
export * from './highlight';
// Links, downloads and icons
export * from './link-component';
export * from './download-link';
export * from './line-icon';
export * from './bell-icon';
export * from './theme-toggle';
// Hooks and the browser
export * from './local-storage-if-allowed';
export * from './use-pending-action';
export * from './use-close-on-outside';
// Shapes and content more than one feature shows
export * from './video-status';
export * from './call-to-action';
export * from './drag-video';
export * from './feature-cards';
