/** The four video statuses of SPEC.md §3, as the UI names them (routes map proto enums to these). */
export type VideoStatusLabel = 'PROCESSING' | 'READY' | 'FAILED' | 'UNSPECIFIED';
export type VideoVisibilityLabel = 'private' | 'shared' | 'public';
