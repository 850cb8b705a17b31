// Numbers of the contract that the server enforces and every fake of it must enforce alike: kept
// here, beside the messages they limit, so the two cannot drift apart.

/** A video's title, after trimming (CreateVideo, UpdateVideo; a tus upload's title is cut to it). */
export const MAX_TITLE_LENGTH = 200;
/** A video's description. */
export const MAX_DESCRIPTION_LENGTH = 5000;
/** ListVideos' page_size: 0 means the default; more than the maximum is capped to it. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** The longest link expiry ShareVideo accepts: ten years, in seconds. */
export const MAX_SHARE_SECONDS = 10 * 365 * 24 * 3600;

/** A comment's text, after trimming (ConversationService). */
export const MAX_COMMENT_LENGTH = 5000;
/** The reactions AddReaction takes, in the order the reactions row shows them. */
export const REACTION_EMOJI: readonly string[] = ['👍', '❤️', '😂', '😮', '🎉', '🙌', '🤔', '👀'];

/** The annotations SaveEdits takes for one video, and a text callout's length in characters. */
export const MAX_ANNOTATIONS = 200;
export const MAX_ANNOTATION_TEXT = 500;

/** A WebVTT file SetCaptions takes, in bytes. */
export const MAX_WEBVTT_BYTES = 1024 * 1024;
