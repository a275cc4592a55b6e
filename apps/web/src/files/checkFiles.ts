import { type FileKind, inspectFile } from './fileCheck';

/**
 * Checks each picked or dropped file (SPEC §5: size, then type). The ones that pass are kept;
 * the first problem found is the one alert shown, so a bad file among many costs one alert.
 */
export async function checkFiles(
  files: readonly File[],
  kind: FileKind,
): Promise<{ accepted: File[]; alert: string | null }> {
  const accepted: File[] = [];
  let alert: string | null = null;
  for (const file of files) {
    const problem = await inspectFile(file, kind);
    if (problem) alert ??= problem;
    else accepted.push(file);
  }
  return { accepted, alert };
}
