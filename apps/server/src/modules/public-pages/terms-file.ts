import { readFile, stat } from 'node:fs/promises';

/** The operator's terms as the file holds them, and when it last changed. */
export interface TermsText {
  markdown: string;
  updatedAt: Date;
}

export interface TermsFile {
  read(): Promise<TermsText>;
}

/**
 * The terms Markdown file (`TERMS_FILE`, else the template in `apps/server/content/terms.md`),
 * read at start and again whenever its modification time changes, so the operator edits it without
 * a restart. A file missing at start stops the server with its path; one that goes missing later
 * keeps the last text read.
 */
export async function openTermsFile(file: string): Promise<TermsFile> {
  // The modification time as stat gives it: a Date keeps whole milliseconds only.
  async function load(): Promise<TermsText & { mtimeMs: number }> {
    const [info, markdown] = await Promise.all([stat(file), readFile(file, 'utf8')]);
    return { markdown, updatedAt: info.mtime, mtimeMs: info.mtimeMs };
  }

  let current = await load().catch((error: Error) => {
    throw new Error(`Cannot read the terms file ${file} (TERMS_FILE): ${error.message}`);
  });

  return {
    async read() {
      const modified = await stat(file).then(
        (info) => info.mtimeMs !== current.mtimeMs,
        () => false,
      );
      if (modified) current = await load().catch(() => current);
      return { markdown: current.markdown, updatedAt: current.updatedAt };
    },
  };
}
