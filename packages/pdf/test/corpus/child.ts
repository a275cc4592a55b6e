/**
 * A corpus child process: takes file paths from its parent over IPC, one at a time, and answers
 * each with its FileResult. The parent kills it when a file takes too long (a hang).
 */
import { runFile } from './paths';

process.on('message', (message: { file: string }) => {
  runFile(message.file).then(
    (result) => process.send?.({ result }),
    (err: unknown) => process.send?.({ error: String(err), file: message.file }),
  );
});
process.send?.({ ready: true });
