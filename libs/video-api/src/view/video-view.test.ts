import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  CallToActionPlacement,
  CallToActionSchema,
  EditState,
  FolderSchema,
  Status,
  TranscriptState,
  VideoSchema,
  Visibility,
} from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { folderChoices } from './folder-choices';
import {
  cardOf,
  createdAtOf,
  editStateLabel,
  showsTranscript,
  stageOf,
  statusLabel,
  visibilityLabel,
  visibilityOfLabel,
} from './video-view';

describe('a Video as the ui’s props', () => {
  const video = create(VideoSchema, {
    id: 'a',
    title: 'Demo',
    description: '0:05 Intro',
    url: '/v/a',
    status: Status.READY,
    visibility: Visibility.SHARED,
    durationSeconds: 60,
    viewCount: 3n,
    tags: ['launch'],
    chapters: [{ seconds: 10, title: 'Bug' }],
    createdAt: timestampFromDate(new Date(2026, 2, 14)),
  });

  it('gives the card its labels, date, views and tags', () => {
    expect(cardOf(video)).toEqual({
      title: 'Demo',
      description: '0:05 Intro',
      thumbnailUrl: '',
      status: 'READY',
      visibility: 'shared',
      createdAt: new Date(2026, 2, 14),
      durationSeconds: 60,
      views: 3,
      tags: ['launch'],
    });
    // Not yet processed: no length to show.
    expect(cardOf(create(VideoSchema, {})).durationSeconds).toBeUndefined();
    expect(createdAtOf(create(VideoSchema, {})).getTime()).toBeNaN();
  });

  it('gives the stage the stream, the owner’s chapters and the description, and leaves unknowns out', () => {
    expect(stageOf(video)).toMatchObject({
      status: 'READY',
      src: '/v/a',
      knownDuration: 60,
      poster: undefined,
      label: 'Demo',
      chapters: [{ seconds: 10, title: 'Bug' }],
      description: '0:05 Intro',
      defaultRate: undefined,
      storyboard: undefined,
      captionsUrl: undefined,
    });
    expect(stageOf(create(VideoSchema, { status: Status.PROCESSING })).label).toBe('Video player');
    expect(editStateLabel(EditState.APPLYING)).toBe('applying');
  });

  it('gives the stage and the card how far processing got, nothing while it is 0', () => {
    const processing = create(VideoSchema, { status: Status.PROCESSING, processingProgress: 40 });
    expect(stageOf(processing)).toMatchObject({ status: 'PROCESSING', processingProgress: 40 });
    expect(cardOf(processing)).toMatchObject({ status: 'PROCESSING', processingProgress: 40 });
    const unknown = create(VideoSchema, { status: Status.PROCESSING });
    expect(stageOf(unknown).processingProgress).toBeUndefined();
    expect(cardOf(unknown).processingProgress).toBeUndefined();
  });

  it('gives the player the call to action, none when its label or link is empty', () => {
    const withCta = (label: string, url: string, placement: CallToActionPlacement) =>
      stageOf(create(VideoSchema, { ...video, callToAction: create(CallToActionSchema, { label, url, placement }) }))
        .callToAction;
    expect(withCta('Book a call', 'https://example.com', CallToActionPlacement.THROUGHOUT)).toEqual({
      label: 'Book a call',
      url: 'https://example.com',
      placement: 'throughout',
    });
    expect(withCta('Book', 'https://example.com', CallToActionPlacement.UNSPECIFIED)?.placement).toBe('end');
    expect(withCta('', 'https://example.com', CallToActionPlacement.END)).toBeUndefined();
    expect(withCta('Book', '', CallToActionPlacement.END)).toBeUndefined();
    expect(stageOf(video).callToAction).toBeUndefined();
  });

  it('labels folders by their path, in path order, even with a cycle', () => {
    const folders = [
      create(FolderSchema, { id: 'l', name: 'Launch', parentId: 'w' }),
      create(FolderSchema, { id: 'w', name: 'Work' }),
      create(FolderSchema, { id: 'x', name: 'Loop', parentId: 'y' }),
      create(FolderSchema, { id: 'y', name: 'Back', parentId: 'x' }),
    ];
    expect(folderChoices(folders)).toEqual([
      { id: 'x', label: 'Back / Loop' },
      { id: 'y', label: 'Loop / Back' },
      { id: 'w', label: 'Work' },
      { id: 'l', label: 'Work / Launch' },
    ]);
  });

  it("gives a READY video's page the transcript's place when there is a transcript, or to its owner", () => {
    const none = { ...video, transcriptState: TranscriptState.NONE };
    const made = { ...video, transcriptState: TranscriptState.DONE };
    expect(showsTranscript(none)).toBe(false);
    expect(showsTranscript(none, true)).toBe(true);
    expect(showsTranscript(made)).toBe(true);
    expect(showsTranscript({ ...made, status: Status.PROCESSING }, true)).toBe(false);
  });

  it('labels every status and visibility, anything unknown as the default, and visibility both ways alike', () => {
    const unknown = 9 as never;
    expect([Status.UNSPECIFIED, Status.PROCESSING, Status.READY, Status.FAILED, unknown].map(statusLabel)).toEqual([
      'UNSPECIFIED',
      'PROCESSING',
      'READY',
      'FAILED',
      'UNSPECIFIED',
    ]);
    const visibilities = [Visibility.PRIVATE, Visibility.SHARED, Visibility.PUBLIC, Visibility.TEAM, unknown];
    expect(visibilities.map(visibilityLabel)).toEqual(['private', 'shared', 'public', 'team', 'private']);
    for (const [label, value] of Object.entries(visibilityOfLabel)) expect(visibilityLabel(value)).toBe(label);
    expect(editStateLabel(unknown)).toBe('none');
  });
});
