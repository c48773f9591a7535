/**
 * `name (2).ext`, `name (3).ext`, … the first candidate `isTaken` refuses not (the name itself
 * when free): how a zip names repeated entries and the document library a copy or a restore
 * whose name is taken.
 */
export function freeName(name: string, isTaken: (candidate: string) => boolean): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; isTaken(candidate); n++) candidate = `${stem} (${n})${extension}`;
  return candidate;
}
