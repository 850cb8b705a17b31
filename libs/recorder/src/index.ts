export {
  elapsedMs,
  initialState,
  transition,
  type AudioSources,
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
export { chooseMimeType, webmCandidates } from './mime-type.ts';
export {
  describeAudio,
  describeCaptureError,
  describeSinkFailure,
  messages as recorderMessages,
  type CaptureFailure,
} from './messages.ts';
export {
  browserMedia,
  collectorSinkName,
  createRecorder,
  defaultTimesliceMs,
  type BrowserMedia,
  type Recorder,
  type RecorderOptions,
} from './recorder.ts';
