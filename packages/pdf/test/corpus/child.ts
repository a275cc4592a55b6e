/**
 * A corpus child process: takes file paths from its parent over IPC, one at a time, and answers
 * each with its FileResult. The parent kills it when a file takes too long (a hang). It warms its
 * engine up first (paths.ts warmUp), so that the first files' times are theirs alone.
 */
import { runFile, warmUp } from './paths';

/** Files wait for the warm-up (paths.ts); its time is in no file's figures (a second or so of the first one's hang limit). */
const warm = warmUp().catch(() => undefined);
process.on('message', (message: { file: string }) => {
  warm
    .then(() => runFile(message.file))
    .then(
      (result) => process.send?.({ result }),
      (err: unknown) => process.send?.({ error: String(err), file: message.file }),
    );
});
process.send?.({ ready: true });
