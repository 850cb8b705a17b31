export { useRecorder, type UseRecorder } from './use-recorder.ts';
export { useDevices, type DeviceOption, type Devices } from './use-devices.ts';
export { useMicrophoneLevel } from './use-microphone-level.ts';
export { useCameraPreview } from './use-camera-preview.ts';
export { usePreferences } from './use-preferences.ts';
export { useShortcuts } from './use-shortcuts.ts';
export { useRecorderSetup, type RecorderSetup } from './use-recorder-setup.ts';
export { toolLabels, useDrawing, type Drawing, type DrawingSurface, type DrawingToolbar } from './use-drawing.ts';
