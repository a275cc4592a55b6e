/**
 * @libpdf/core reports what it recovers from on console.warn, with a stack trace (e.g. a signature's
 * /Contents in an encrypted file, which is rightly not encrypted). Users get our one-line messages
 * instead; this keeps its chatter off stderr while the engine works.
 */
export async function withoutLibraryWarnings<T>(work: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = () => {};
  try {
    return await work();
  } finally {
    console.warn = warn;
  }
}
