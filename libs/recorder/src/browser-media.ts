/**
 * The one seam between the recorder and the browser's media APIs: `browserMedia()` is the real
 * browser, and unit tests pass a fake (`@stream/recorder/testing`). Nothing else in the recorder
 * calls `navigator.mediaDevices`, `AudioContext` or `MediaRecorder` directly.
 */
import { compositeBubble, compositeTrack, type CompositeOptions } from './capture/compositor.ts';
import { cropTrack } from './capture/crop.ts';
import type { ProcessedTrack } from './capture/processed-track.ts';
import type { BubbleSettings, CropRect } from './capture/settings.ts';

export interface BrowserMedia {
  getDisplayMedia(constraints: DisplayMediaStreamOptions): Promise<MediaStream>;
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  createAudioContext(): AudioContext;
  createMediaStream(tracks: MediaStreamTrack[]): MediaStream;
  createMediaRecorder(stream: MediaStream, options: MediaRecorderOptions): MediaRecorder;
  isTypeSupported(type: string): boolean;
  /** Area: the screen's track cropped to `rect` (capture/crop.ts). */
  cropVideo(track: MediaStreamTrack, rect: CropRect, frameRate: number): Promise<ProcessedTrack>;
  /** Screen + camera: one track with the camera in a bubble (capture/compositor.ts). */
  compositeBubble(
    screen: MediaStreamTrack,
    camera: MediaStreamTrack,
    bubble: BubbleSettings,
    frameRate: number,
  ): Promise<ProcessedTrack>;
  /** Drawing while recording: the screen (its area), the bubble if any and the strokes as one track (capture/compositor.ts). */
  compositeTrack(screen: MediaStreamTrack, options: CompositeOptions, frameRate: number): Promise<ProcessedTrack>;
  enumerateDevices(): Promise<MediaDeviceInfo[]>;
  /** Listen to devices coming and going; returns the unsubscribe function. */
  onDeviceChange(listener: () => void): () => void;
  /** Whether the browser can capture the screen at all (most phones cannot); absent: it can. */
  canCaptureScreen?(): boolean;
}

export function browserMedia(): BrowserMedia {
  const devices = globalThis.navigator?.mediaDevices;
  const unsupported = () => Promise.reject(new DOMException('Screen capture is not supported', 'NotSupportedError'));
  return {
    getDisplayMedia: (constraints) => (devices?.getDisplayMedia ? devices.getDisplayMedia(constraints) : unsupported()),
    canCaptureScreen: () => typeof devices?.getDisplayMedia === 'function',
    getUserMedia: (constraints) => (devices?.getUserMedia ? devices.getUserMedia(constraints) : unsupported()),
    createAudioContext: () => new AudioContext(),
    createMediaStream: (tracks) => new MediaStream(tracks),
    createMediaRecorder: (stream, options) => new MediaRecorder(stream, options),
    isTypeSupported: (type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type),
    cropVideo: cropTrack,
    compositeBubble,
    compositeTrack,
    enumerateDevices: () => (devices?.enumerateDevices ? devices.enumerateDevices() : Promise.resolve([])),
    onDeviceChange(listener) {
      devices?.addEventListener?.('devicechange', listener);
      return () => devices?.removeEventListener?.('devicechange', listener);
    },
  };
}
