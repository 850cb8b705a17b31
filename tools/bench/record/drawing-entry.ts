// What bench:record's drawing rows run inside the page: the recorder and its drawing board.
import { createDrawingBoard, createRecorder } from '@stream/recorder';

(globalThis as Record<string, unknown>).streamDrawingBench = { createDrawingBoard, createRecorder };
