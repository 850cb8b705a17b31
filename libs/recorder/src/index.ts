export {
  elapsedMs,
  initialState,
  transition,
  type AudioSources,
  type CaptureDevice,
  type RecorderEffect,
  type RecorderEvent,
  type RecorderState,
  type Recording,
  type SinkFailureNotice,
  type StopReason,
} from './machine.ts';
export { buildAudioMix, type AudioMix, type MixContext, type MixFactories } from './audio-mix.ts';
export {
  createChunkCollector,
  sinkFromStream,
  type ChunkCollector,
  type ChunkSink,
  type SinkSpec,
} from './chunk-sink.ts';
export { type SinkStatus } from './sink-pipeline.ts';
export { chooseMimeType, mp4Candidates, recordingExtension, recordingTypes, webmCandidates } from './mime-type.ts';
export {
  describeAudio,
  describeCameraError,
  describeCaptureError,
  describeSinkFailure,
  messages as recorderMessages,
  type CaptureFailure,
} from './messages.ts';
export { deviceNotices, formatMinutes, limitText, recorderNotices, type RecorderNoticeText } from './notices.ts';
export {
  createRecorder,
  defaultSilenceWindowMs,
  defaultTimesliceMs,
  type Recorder,
  type RecorderOptions,
} from './recorder.ts';
export { browserMedia, type BrowserMedia } from './browser-media.ts';
export { collectorSinkName, keyFrameIntervalMs } from './recording-session.ts';
export {
  bubbleBox,
  clampRect,
  defaultBubble,
  type BubbleCorner,
  type BubbleSettings,
  type BubbleShape,
  type CaptureSource,
  type CropRect,
  type RecordingSettings,
} from './capture/settings.ts';
export {
  defaultQuality,
  estimatedMbPerMinute,
  videoBitsPerSecond,
  type FrameRate,
  type Quality,
  type Resolution,
} from './capture/quality.ts';
export { createLevelMeter, levelOf, type LevelMeter } from './capture/level-meter.ts';
export { type CompositeOptions } from './capture/compositor.ts';
export * from './drawing/index.ts';
export {
  preferencesFromAccount,
  type AccountRecordingDefaults,
  type RecorderPreferences,
} from './capture/preferences.ts';
