/** The four video statuses of docs/product.md (Data), as the UI names them (routes map proto enums to these). */
export type VideoStatusLabel = 'PROCESSING' | 'READY' | 'FAILED' | 'UNSPECIFIED';
/** 'team': signed-in members of the video's team. */
export type VideoVisibilityLabel = 'private' | 'shared' | 'public' | 'team';
