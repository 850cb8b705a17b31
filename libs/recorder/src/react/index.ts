export { useRecorder, type UseRecorder } from './use-recorder.ts';
