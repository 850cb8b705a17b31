import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter } from '@connectrpc/connect';
import { FolderSchema, LibraryService as LibraryServiceDescriptor, TagSchema } from '@stream/proto';
import type { Folder } from './library';
import type { LibraryService } from './library.service';
import type { VideoLinks } from '../videos';
import { toVideoMessage } from '../videos';
import * as valid from './library.validation';
import { signedIn } from '../platform/rpc/signed-in';
import { optionalTeamId } from '../teams';

export interface LibraryRoutesDeps {
  library: LibraryService;
  links: VideoLinks;
}

const toFolderMessage = (folder: Folder) =>
  create(FolderSchema, {
    id: folder.id,
    name: folder.name,
    parentId: folder.parentId,
    videoCount: folder.videoCount,
    createdAt: timestampFromDate(folder.createdAt),
  });

/** The LibraryService on the Connect router: every method needs a signed-in caller. */
export default ({ library, links }: LibraryRoutesDeps) =>
  (router: ConnectRouter) => {
    router.service(LibraryServiceDescriptor, {
      listFolders: async (request, context) => {
        const teamId = optionalTeamId(request.teamId);
        if (request.all) {
          return { folders: (await library.listAllFolders(signedIn(context), teamId)).map(toFolderMessage) };
        }
        const { folders, path } = await library.listFolders(
          signedIn(context),
          valid.folderId('parent_id', request.parentId, true),
          teamId,
        );
        return { folders: folders.map(toFolderMessage), path: path.map(toFolderMessage) };
      },

      createFolder: async (request, context) => {
        const user = signedIn(context);
        const name = valid.folderName(request.name);
        const parentId = valid.folderId('parent_id', request.parentId, true);
        const teamId = optionalTeamId(request.teamId);
        return toFolderMessage(await library.createFolder(user, name, parentId, teamId));
      },

      renameFolder: async (request, context) => {
        const user = signedIn(context);
        const id = valid.folderId('folder_id', request.folderId, false);
        return toFolderMessage(await library.renameFolder(user, id, valid.folderName(request.name)));
      },

      moveFolder: async (request, context) => {
        const user = signedIn(context);
        const id = valid.folderId('folder_id', request.folderId, false);
        const parentId = valid.folderId('parent_id', request.parentId, true);
        return toFolderMessage(await library.moveFolder(user, id, parentId));
      },

      deleteFolder: async (request, context) => {
        await library.deleteFolder(signedIn(context), valid.folderId('folder_id', request.folderId, false));
        return {};
      },

      listTags: async (request, context) => {
        const tags = await library.listTags(signedIn(context), optionalTeamId(request.teamId));
        return { tags: tags.map((tag) => create(TagSchema, tag)) };
      },

      deleteTag: async (request, context) => {
        await library.deleteTag(signedIn(context), valid.tagId(request.tagId));
        return {};
      },

      updateVideos: async (request, context) => {
        const user = signedIn(context);
        const videos = await library.updateVideos(user, valid.videoIds(request.videoIds), {
          folderId: request.folderId === undefined ? undefined : valid.folderId('folder_id', request.folderId, true),
          addTags: valid.tagNames('add_tags', request.addTags),
          removeTags: valid.tagNames('remove_tags', request.removeTags),
          visibility: valid.optionalVisibility(request.visibility),
        });
        return { videos: videos.map((video) => toVideoMessage(video, links, { callerUid: user.uid })) };
      },

      deleteVideos: async (request, context) => {
        const user = signedIn(context);
        return { deletedCount: await library.deleteVideos(user, valid.videoIds(request.videoIds)) };
      },
    });
  };
