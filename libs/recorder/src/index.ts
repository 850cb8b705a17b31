export {
  elapsedMs,
  initialState,
  transition,
  type AudioSources,
  type RecorderEffect,
  type RecorderEvent,
  type RecorderState,
  type Recording,
  type StopReason,
} from './machine.ts';
export { buildAudioMix, type AudioMix, type MixContext, type MixFactories } from './audio-mix.ts';
export { createChunkCollector, fanOut, type ChunkCollector, type ChunkSink } from './chunk-sink.ts';
export { chooseMimeType, webmCandidates } from './mime-type.ts';
export { describeAudio, describeCaptureError, messages as recorderMessages, type CaptureFailure } from './messages.ts';
export { browserMedia, createRecorder, defaultTimesliceMs, type BrowserMedia, type Recorder, type RecorderOptions } from './recorder.ts';
