import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { MoveDialog, TagsField } from '@stream/ui';
import { allFoldersQuery, listTagsQuery, updateVideosMutation } from '@stream/video-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { folderChoices } from './folder-choices';
import { changeErrorMessage } from './video-errors';

/** The owner's organising of one video (issue 14): its tags, and the folder it is in. */
export function VideoOrganise({ video, transport }: { video: Video; transport: Transport }) {
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState(false);
  const update = useMutation(updateVideosMutation(transport, queryClient));
  const tags = useQuery(listTagsQuery(transport));
  const folders = useQuery(allFoldersQuery(transport));
  const choices = folderChoices(folders.data?.folders ?? []);
  const where = choices.find((choice) => choice.id === video.folderId)?.label ?? 'Library root';
  return (
    <section aria-label="Organise" className="flex flex-col gap-3">
      <TagsField
        tags={video.tags}
        suggestions={tags.data?.tags.map((tag) => tag.name) ?? []}
        busy={update.isPending}
        error={update.error ? changeErrorMessage(update.error) : undefined}
        onAdd={(tag) => update.mutate({ videoIds: [video.id], addTags: [tag] })}
        onRemove={(tag) => update.mutate({ videoIds: [video.id], removeTags: [tag] })}
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          Folder: <strong>{where}</strong>
        </span>
        <button type="button" className="btn btn-xs" onClick={() => setMoving(true)}>
          Move to folder
        </button>
      </div>
      {moving && (
        <MoveDialog
          title={`Move ${video.title || 'Untitled video'}`}
          folders={choices}
          current={video.folderId}
          onCancel={() => setMoving(false)}
          onMove={(folderId) => {
            setMoving(false);
            update.mutate({ videoIds: [video.id], folderId });
          }}
        />
      )}
    </section>
  );
}
