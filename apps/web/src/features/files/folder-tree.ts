import type { TLibraryFolder } from '@esigns/contracts/file-library';

/** The root's id in selects (the API says null). */
export const ROOT = 'root';

/** Folders in tree order with their depth (children after their parent, by name). */
export function treeOrder(folders: readonly TLibraryFolder[]): { folder: TLibraryFolder; depth: number }[] {
  const children = new Map<string | null, TLibraryFolder[]>();
  for (const f of folders) children.set(f.parent_id, [...(children.get(f.parent_id) ?? []), f]);
  const out: { folder: TLibraryFolder; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    const kids = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const folder of kids) {
      if (seen.has(folder._id)) continue;
      seen.add(folder._id);
      out.push({ folder, depth });
      walk(folder._id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The ids of a folder and every folder inside it (where it may not move). */
export function subtreeOf(folders: readonly TLibraryFolder[], id: string): Set<string> {
  const inside = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const f of folders) {
      if (f.parent_id && inside.has(f.parent_id) && !inside.has(f._id)) {
        inside.add(f._id);
        grew = true;
      }
    }
  }
  return inside;
}

/** Select options of the folders, indented by depth, after "All files" at the top. */
export function folderOptions(folders: readonly TLibraryFolder[], exclude: ReadonlySet<string> = new Set()) {
  return [
    { value: ROOT, label: 'Top level (no folder)' },
    ...treeOrder(folders)
      .filter(({ folder }) => !exclude.has(folder._id))
      .map(({ folder, depth }) => ({ value: folder._id, label: `${'\u2003'.repeat(depth)}${folder.name}` })),
  ];
}

/** The folders from the top down to `id` (breadcrumbs). */
export function pathTo(folders: readonly TLibraryFolder[], id: string | null): TLibraryFolder[] {
  const byId = new Map(folders.map((f) => [f._id, f]));
  const path: TLibraryFolder[] = [];
  for (let at = id ? byId.get(id) : undefined; at && path.length <= folders.length;) {
    path.unshift(at);
    at = at.parent_id ? byId.get(at.parent_id) : undefined;
  }
  return path;
}
