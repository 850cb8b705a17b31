import { describe, expect, it } from 'vitest';
import { buildAudioMix, unmixedAudio } from './audio-mix.ts';
import { FakeAudioContext, FakeStream, FakeTrack } from './testing/fake-browser.ts';

function factories() {
  const contexts: FakeAudioContext[] = [];
  return {
    contexts,
    factories: {
      createContext: () => {
        const context = new FakeAudioContext();
        contexts.push(context);
        return context;
      },
      createStream: (tracks: FakeTrack[]) => new FakeStream(tracks),
    },
  };
}

describe('buildAudioMix', () => {
  it('mixes screen audio and microphone into the one destination track', () => {
    const screen = new FakeTrack('audio', 'screen audio');
    const microphone = new FakeTrack('audio', 'microphone');
    const { contexts, factories: f } = factories();

    const mix = buildAudioMix({ screen: [screen], microphone: [microphone] }, f);

    expect(contexts).toHaveLength(1);
    const [context] = contexts;
    expect(context!.destinations).toHaveLength(1);
    const destination = context!.destinations[0]!;
    // Both sources feed the same destination: neither is lost.
    expect(context!.sources.map((node) => node.stream.getTracks())).toEqual([[screen], [microphone]]);
    for (const node of context!.sources) expect(node.connectedTo).toEqual([destination]);
    expect(mix.track).toBe(destination.stream.getAudioTracks()[0]);
    expect(mix.track).not.toBe(screen);
    expect(mix.track).not.toBe(microphone);
    expect(mix.sources).toBe('screen+microphone');
  });

  it('records the screen audio alone when the microphone was denied', () => {
    const screen = new FakeTrack('audio', 'screen audio');
    const { contexts, factories: f } = factories();
    const mix = buildAudioMix({ screen: [screen], microphone: [] }, f);
    expect(mix.sources).toBe('screen');
    expect(contexts[0]!.sources.map((node) => node.stream.getTracks())).toEqual([[screen]]);
    expect(mix.track?.label).toBe('mixed');
  });

  it('records the microphone alone when the shared screen has no audio', () => {
    const microphone = new FakeTrack('audio', 'microphone');
    const { contexts, factories: f } = factories();
    const mix = buildAudioMix({ screen: [], microphone: [microphone] }, f);
    expect(mix.sources).toBe('microphone');
    expect(contexts[0]!.sources.map((node) => node.stream.getTracks())).toEqual([[microphone]]);
  });

  it('builds no graph and no AudioContext when there is no audio at all', async () => {
    const { contexts, factories: f } = factories();
    const mix = buildAudioMix({ screen: [], microphone: [] }, f);
    expect(mix).toMatchObject({ track: null, sources: 'none' });
    expect(contexts).toHaveLength(0);
    await mix.close();
  });

  it('ensureRunning() resumes only a suspended context', async () => {
    const { contexts, factories: f } = factories();
    const mix = buildAudioMix({ screen: [new FakeTrack('audio', 's')], microphone: [] }, f);
    await mix.ensureRunning();
    expect(contexts[0]!.resumes).toBe(0);
    contexts[0]!.state = 'suspended';
    await mix.ensureRunning();
    expect(contexts[0]).toMatchObject({ state: 'running', resumes: 1 });
  });

  it('ensureRunning(timeout) answers false when resume() never settles, and true once it runs', async () => {
    const { contexts, factories: f } = factories();
    const mix = buildAudioMix({ screen: [], microphone: [new FakeTrack('audio', 'm')] }, f);
    const context = contexts[0]!;
    context.state = 'suspended';
    context.neverStarts = true;
    expect(await mix.ensureRunning(20)).toBe(false);
    context.neverStarts = false;
    expect(await mix.ensureRunning(20)).toBe(true);
  });

  it('ensureRunning answers false when resume() is refused, later or at once', async () => {
    const { contexts, factories: f } = factories();
    const mix = buildAudioMix({ screen: [], microphone: [new FakeTrack('audio', 'm')] }, f);
    contexts[0]!.state = 'suspended';
    contexts[0]!.resume = () => Promise.reject(new DOMException('no', 'NotAllowedError'));
    expect(await mix.ensureRunning(1000)).toBe(false);
    contexts[0]!.resume = () => {
      throw new DOMException('closed', 'InvalidStateError');
    };
    expect(await mix.ensureRunning(1000)).toBe(false);
  });

  it("unmixedAudio records the microphone's own track, else the screen's, without an AudioContext", () => {
    const screen = new FakeTrack('audio', 'screen audio');
    const microphone = new FakeTrack('audio', 'microphone');
    expect(unmixedAudio({ screen: [screen], microphone: [microphone] })).toMatchObject({
      track: microphone,
      sources: 'microphone',
    });
    expect(unmixedAudio({ screen: [screen], microphone: [] })).toMatchObject({ track: screen, sources: 'screen' });
    expect(unmixedAudio({ screen: [], microphone: [] })).toMatchObject({ track: null, sources: 'none' });
  });

  it('close() disconnects every source and closes the context once', async () => {
    const { contexts, factories: f } = factories();
    const mix = buildAudioMix({ screen: [new FakeTrack('audio', 's')], microphone: [new FakeTrack('audio', 'm')] }, f);
    let closes = 0;
    const context = contexts[0]!;
    const close = context.close.bind(context);
    context.close = () => {
      closes += 1;
      return close();
    };
    await Promise.all([mix.close(), mix.close()]);
    expect(context.closed).toBe(true);
    expect(closes).toBe(1);
    expect(context.sources.every((node) => node.disconnected)).toBe(true);
  });
});
