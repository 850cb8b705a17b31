/** The drag data type of a video card being dragged onto a folder. */
export const VIDEO_DRAG_TYPE = 'application/x-stream-video';
