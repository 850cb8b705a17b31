import { useState, type ReactNode } from 'react';
import { type RenderLink, type OriginalFile, formatTime, LoadError, LoadMore, searchWords } from '../primitives';
import { VideoActionsMenu } from './video-actions-menu';
import { VideoCard, type VideoCardProps } from './video-card';
import { VideoGrid } from './video-grid';
import { LibraryToolbar, type LibraryToolbarProps, type VisibilityChoice } from './library-toolbar';
import { MoveDialog, type FolderChoice } from './move-dialog';
import { SearchSummary, type SearchSummaryProps } from './search-summary';
import { rightsOf, selectionRights, type ItemRights } from './item-rights';
import { SelectionBar } from './selection-bar';
import { useSelection } from './use-selection';

type LinkProps = Parameters<RenderLink>[0];

/** A video of the library: its card, and what its menu needs. */
export interface LibraryItem {
  id: string;
  url: string;
  /** The MP4 rendition; '' or absent until made. */
  mp4Url?: string;
  /** The owner's original; absent for anyone else. */
  original?: OriginalFile;
  /** '' the library root. */
  folderId: string;
  /** False for a team video of someone else: its menu offers no Share, Edit, Move or Delete. */
  mine?: boolean;
  /** What the caller may do to it, from the server; absent: `mine` decides. */
  rights?: ItemRights;
  card: Omit<VideoCardProps, 'renderLink' | 'renderTagLink' | 'actions' | 'highlight' | 'selection' | 'dragId'> & {
    /** Found by what was said: the transcript line that matched and when it is said. */
    spokenMatch?: { seconds: number; text: string };
  };
}

export interface LibraryViewProps<T extends LibraryItem> {
  videos: T[];
  /** The folders above (`FolderManager`). */
  folderBar: ReactNode;
  toolbar: LibraryToolbarProps;
  /** A search or tags: the count and how to clear them. */
  summary?: SearchSummaryProps;
  /** What an empty view says (an empty folder, nothing matching). */
  emptyMessage: string;
  /** Every folder, for Move. */
  folders: FolderChoice[];
  /** A change to many (or one) is under way, or was refused. */
  changing: boolean;
  changeError?: string;
  onMove: (videoIds: string[], folderId: string, done?: () => void) => void;
  onTag: (videoIds: string[], tag: string) => void;
  onVisibility: (videoIds: string[], visibility: Exclude<VisibilityChoice, ''>) => void;
  onDelete: (videoIds: string[], done: () => void) => void;
  /** The next page: Load more, or its failure with Retry. */
  more: { hasMore: boolean; loading: boolean; error?: string; onLoadMore: () => void };
  /** `at`: the second the link opens the video at (a match in what was said). */
  renderVideoLink: (videoId: string, props: LinkProps, at?: number) => ReactNode;
  renderTagLink: (tag: string, props: LinkProps) => ReactNode;
  /** The card menu's Edit video (a READY video) and Rename. */
  onEditVideo: (videoId: string) => void;
  onRename: (videoId: string) => void;
  /** The Share and Delete dialogs of one video, drawn by the app while open. */
  renderShare: (video: T, close: () => void) => ReactNode;
  renderDelete: (video: T, close: () => void) => ReactNode;
  /**
   * "Move to team" of the selected videos, drawn by the app while open; `outOnly` when
   * some may only go back to their owner's personal library (a team admin's move of a mate's video).
   */
  renderMoveToTeam?: (videoIds: string[], close: () => void, options: { outOnly: boolean }) => ReactNode;
}

/**
 * The library's videos: toolbar (sort, filters), the search's count, the bar of a selection, and
 * the grid. Each card has a menu (Share, Edit, Move to folder, Download, Delete), a checkbox for
 * changes to many at once, its tags (each a link) and can be dragged onto a folder.
 */
export function LibraryView<T extends LibraryItem>(props: LibraryViewProps<T>) {
  const { videos, summary, folders, more } = props;
  const [acting, setActing] = useState<{ action: 'share' | 'delete' | 'move'; video: T }>();
  const [movingToTeam, setMovingToTeam] = useState<'anywhere' | 'out'>();
  const selection = useSelection(videos.map((video) => video.id));
  const close = () => setActing(undefined);
  const words = searchWords(summary?.query ?? '');
  const selected = selection.selected;
  const may = selectionRights(videos.filter((video) => selection.isSelected(video.id)));
  return (
    <>
      {acting?.action === 'share' && props.renderShare(acting.video, close)}
      {acting?.action === 'delete' && props.renderDelete(acting.video, close)}
      {acting?.action === 'move' && (
        <MoveDialog
          title={`Move ${acting.video.card.title || 'Untitled video'}`}
          folders={folders}
          current={acting.video.folderId}
          onCancel={close}
          onMove={(folderId) => {
            close();
            props.onMove([acting.video.id], folderId);
          }}
        />
      )}
      {props.folderBar}
      <LibraryToolbar {...props.toolbar} />
      {summary && <SearchSummary {...summary} />}
      {selected.length > 0 && (
        <SelectionBar
          count={selected.length}
          folders={folders}
          busy={props.changing}
          error={props.changeError}
          onMove={(folderId) => props.onMove(selected, folderId, selection.clear)}
          onTag={(tag) => props.onTag(selected, tag)}
          onVisibility={(visibility) => props.onVisibility(selected, visibility)}
          onDelete={() => props.onDelete(selected, selection.clear)}
          onClear={selection.clear}
          onMoveToTeam={props.renderMoveToTeam && may.moveToTeam && (() => setMovingToTeam(may.moveToTeam))}
          notMine={may.notEditable}
          canDelete={may.delete}
          offerTeam={props.toolbar.offerTeam}
        />
      )}
      {movingToTeam &&
        props.renderMoveToTeam?.(
          selected,
          () => {
            setMovingToTeam(undefined);
            selection.clear();
          },
          { outOnly: movingToTeam === 'out' },
        )}
      {!summary && videos.length === 0 && <p className="text-base-content/70">{props.emptyMessage}</p>}
      {videos.length > 0 && (
        <VideoGrid
          footer={
            more.error !== undefined ? (
              <LoadError message={more.error} onRetry={more.onLoadMore} retrying={more.loading} />
            ) : (
              more.hasMore && <LoadMore loading={more.loading} onLoadMore={more.onLoadMore} />
            )
          }
        >
          {videos.map((video) => {
            const { id, url, mp4Url, original, card } = video;
            const may = rightsOf(video);
            return (
              <VideoCard
                key={id}
                {...card}
                // Found by what was said: the line that matched, and when, instead of the description.
                description={
                  card.spokenMatch
                    ? `${formatTime(card.spokenMatch.seconds)} “${card.spokenMatch.text}”`
                    : card.description
                }
                highlight={words}
                renderTagLink={props.renderTagLink}
                selection={{ selected: selection.isSelected(id), onToggle: (range) => selection.toggle(id, range) }}
                dragId={id}
                renderLink={(linkProps) => props.renderVideoLink(id, linkProps, card.spokenMatch?.seconds)}
                actions={
                  <VideoActionsMenu
                    title={card.title}
                    url={url}
                    mp4Url={mp4Url}
                    original={original}
                    onShare={may.share ? () => setActing({ action: 'share', video }) : undefined}
                    onEditVideo={may.edit && card.status === 'READY' ? () => props.onEditVideo(id) : undefined}
                    onRename={may.edit ? () => props.onRename(id) : undefined}
                    onMove={may.edit ? () => setActing({ action: 'move', video }) : undefined}
                    onDelete={may.delete ? () => setActing({ action: 'delete', video }) : undefined}
                  />
                }
              />
            );
          })}
        </VideoGrid>
      )}
    </>
  );
}
