// The player's door: the pages that draw a player (the video stage, the editor's preview and its
// annotation and chapter fields) import it from here, never from its files, so the player may
// rearrange its hooks and controls without touching them (lint: tools/eslint/ui-features.mjs).
export { AnnotationShape, frameSizeOf } from './annotation-shapes';
export { DEFAULT_ANNOTATION_COLOR, colorOf, type AnnotationKindLabel, type AnnotationMark } from './annotation-mark';
export { FrameSvg } from './annotation-overlay';
export { chaptersFromDescription, mergeChapters, type ChapterMark } from './chapters';
export { followPlayback } from './follow-playback';
export type { HlsPresentation } from './hls-playback';
export { PLAYBACK_RATES } from './playback-rate';
export { storyboardTile, type StoryboardSprite } from './storyboard';
export { VideoPlayer } from './video-player';
