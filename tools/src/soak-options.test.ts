import { describe, expect, it } from 'vitest';
import { defaults, parseOptions } from '../soak/options.mjs';

describe('npm run soak flags', () => {
  it('defaults to 20 uploads at once, 200 streams and 60 s', () => {
    expect(parseOptions([])).toEqual(defaults);
    expect(defaults).toMatchObject({ uploads: 20, streams: 200, seconds: 60 });
  });

  it('reads each flag', () => {
    expect(
      parseOptions([
        '--uploads',
        '2',
        '--streams',
        '10',
        '--seconds',
        '5',
        '--max-uploads',
        '4',
        '--video-seconds',
        '3',
      ]),
    ).toMatchObject({
      uploads: 2,
      streams: 10,
      seconds: 5,
      maxUploads: 4,
      videoSeconds: 3,
    });
  });

  it.each([
    [['--uploads', '0'], '--uploads expects a whole number from 1 to 100, got "0"'],
    [['--streams', '1e3'], '--streams expects a whole number from 1 to 1000, got "1e3"'],
    [['--seconds'], '--seconds expects a whole number from 1 to 3600, got ""'],
    [['--duration', '5'], 'unknown flag "--duration"'],
    [['--uploads', '30', '--max-uploads', '10'], '--max-uploads (10) is below --uploads (30)'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseOptions(argv)).toThrow(message);
  });
});
