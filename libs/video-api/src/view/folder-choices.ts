import type { Folder } from '@stream/proto';

/** A folder as a picker shows it (`@stream/ui`'s `FolderChoice`). */
export interface FolderChoice {
  id: string;
  label: string;
}

/** Every folder as a choice labelled by its path ("Work / Launch"), in path order. */
export function folderChoices(folders: Folder[]): FolderChoice[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const pathOf = (folder: Folder): string[] => {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at: Folder | undefined = folder; at && !seen.has(at.id); at = byId.get(at.parentId)) {
      seen.add(at.id);
      names.unshift(at.name);
    }
    return names;
  };
  return folders
    .map((folder) => ({ id: folder.id, label: pathOf(folder).join(' / ') }))
    .sort((a, b) => a.label.toLowerCase().localeCompare(b.label.toLowerCase()));
}
